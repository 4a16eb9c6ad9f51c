import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../../../test/render';
import FeedsPage from './feeds-page';

const renderFeeds = (path: string) =>
  renderRoutes(
    [
      { path: '/follow', element: <FeedsPage /> },
      { path: '/follow/:seriesSlug', element: <FeedsPage /> },
    ],
    path,
  );

// Issue 33 §9: the Feed button leads to a page that says what a feed is and lists its addresses.
describe('the feeds page', () => {
  it('explains a series’ feed and lists its RSS, Atom and JSON addresses to copy, with a link for the reader app', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(null),
      '/api/public/omegascans/public/series/lantern': () =>
        Response.json({ success: true, data: { slug: 'lantern', title: 'The Lantern Keeper' } }),
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderFeeds('/follow/lantern');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Follow The Lantern Keeper in a feed reader' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/A feed is a list of new chapters/)).toBeInTheDocument();
    const origin = window.location.origin;
    const addresses = [...document.querySelectorAll('code')].map((code) => code.textContent);
    expect(addresses).toEqual([
      `${origin}/feeds/series/lantern.rss`,
      `${origin}/feeds/series/lantern.atom`,
      `${origin}/feeds/series/lantern.json`,
    ]);
    expect(screen.getByRole('link', { name: 'Follow in your reader' })).toHaveAttribute(
      'href',
      `feed:${origin}/feeds/series/lantern.rss`,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Copy the Atom address' }));
    expect(writeText).toHaveBeenCalledWith(`${origin}/feeds/series/lantern.atom`);
    expect(screen.getByRole('link', { name: 'Every new chapter on Inkwell' })).toHaveAttribute('href', '/follow');
  });

  it('lists the whole site’s feed of new chapters', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(null) });
    renderFeeds('/follow');
    expect(await screen.findByRole('heading', { level: 1, name: 'Follow new chapters in a feed reader' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the RSS address' })).toBeInTheDocument();
    expect(screen.getByText(`${window.location.origin}/feeds/latest.json`)).toBeInTheDocument();
  });
});
