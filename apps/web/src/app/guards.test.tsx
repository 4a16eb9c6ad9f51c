import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../test/render';
import { RequireRole } from './guards';

function ErrorProbe() {
  const location = useLocation();
  return <p>error page: {new URLSearchParams(location.search).get('error')}</p>;
}

const routes = [
  { path: '/team', element: <RequireRole allowed={['editor', 'admin']}>team content</RequireRole> },
  { path: '/errorPage', element: <ErrorProbe /> },
];

describe('route guards (SPEC §4)', () => {
  it('shows a loader while the session is checked', () => {
    mockApi({ '/api/proxy/public/verify': () => new Promise(() => {}) });
    renderRoutes(routes, '/team');
    expect(screen.getByTestId('guard-loader')).toBeInTheDocument();
  });

  it('sends a visitor to the error page with unauthorized', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(null) });
    renderRoutes(routes, '/team');
    expect(await screen.findByText('error page: unauthorized')).toBeInTheDocument();
  });

  it('sends a role that is not allowed to forbidden', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(readerUser) });
    renderRoutes(routes, '/team');
    expect(await screen.findByText('error page: forbidden')).toBeInTheDocument();
  });

  it('lets an allowed role in, comparing roles in lower case', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs({ ...readerUser, role: 'Admin' as never }) });
    renderRoutes(routes, '/team');
    expect(await screen.findByText('team content')).toBeInTheDocument();
  });
});
