import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { expect, test } from 'vitest';
import { renderRoutes } from '../../test/render';
import { AppLink } from './app-link';

function Here() {
  const location = useLocation();
  return (
    <p data-testid="here">
      {location.pathname}
      {location.search}|{String((location.state as { from?: string } | null)?.from ?? '')}
    </p>
  );
}

function renderLinks() {
  const page = (
    <>
      <Here />
      <AppLink to="/SeriesView/a?lang=pt" state={{ from: 'home' }}>
        Series A
      </AppLink>
      <AppLink to="/">Home</AppLink>
      <AppLink to="/SeriesView/b" target="_blank">
        Series B
      </AppLink>
    </>
  );
  return renderRoutes([{ path: '*', element: page }], '/');
}

test("a plain click opens the page in the app, with the link's state; the link is a real one", () => {
  const { router } = renderLinks();
  const link = screen.getByRole('link', { name: 'Series A' });
  expect(link.getAttribute('href')).toBe('/SeriesView/a?lang=pt');
  fireEvent.click(link);
  expect(screen.getByTestId('here').textContent).toBe('/SeriesView/a?lang=pt|home');
  expect(router.state.historyAction).toBe('PUSH');
});

test('the page already open is replaced, not pushed again, as React Router’s Link does', () => {
  const { router } = renderLinks();
  fireEvent.click(screen.getByRole('link', { name: 'Home' }));
  expect(router.state.historyAction).toBe('REPLACE');
});

test('a click with a modifier, another button or another target is left to the browser', () => {
  const { router } = renderLinks();
  const link = screen.getByRole('link', { name: 'Series A' });
  for (const click of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
    expect(fireEvent.click(link, click)).toBe(true);
  }
  expect(fireEvent.click(screen.getByRole('link', { name: 'Series B' }))).toBe(true);
  expect(router.state.location.pathname).toBe('/');
});
