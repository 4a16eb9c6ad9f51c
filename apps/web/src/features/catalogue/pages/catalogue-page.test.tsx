import type { SeriesCard } from '@inkwell/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../../../test/render';
import { ComicsPage, PremiumPage, SearchPage } from './catalogue-page';

const card = (n: number): SeriesCard => ({
  id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  slug: `series-${n}`,
  type: 'comic',
  title: `Series ${n}`,
  status: 'ongoing',
  cover: { url: `/media/covers/${n}.webp`, width: 480, height: 680 },
  isAdult: false,
  latestChapters: [
    { slug: 'chapter-2', number: 2, title: '', publishedAt: new Date().toISOString(), isPremium: true, isEarlyAccess: false },
  ],
  lastChapterAt: null,
});

function serve() {
  return mockApi({
    '/api/proxy/public/verify': verifyAs(null),
    '/api/public/omegascans/public/genres': () =>
      Response.json({ success: true, data: [{ id: 'g1', name: 'Horror', slug: 'horror' }] }),
    '/api/public/omegascans/public/series': (_init, url) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? '1');
      return Response.json({
        success: true,
        data: { items: [card(page)], pagination: { page, perPage: 24, total: 30, totalPages: 2 } },
      });
    },
  });
}
const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/public/omegascans/public/series'));

describe('catalogue pages', () => {
  it('keep filters and sort in the URL, send only valid ones, and prefetch the next page', async () => {
    const fetchMock = serve();
    const { router } = renderRoutes([{ path: '/comics', element: <ComicsPage /> }], '/comics?sort=random&status=ongoing');
    expect(await screen.findByRole('heading', { name: 'Series 1' })).toBeInTheDocument();
    // An unknown sort is dropped rather than turned into an error.
    expect(listCalls(fetchMock)[0]).toBe('/api/public/omegascans/public/series?type=comic&status=ongoing');
    // The next page is already on its way.
    expect(listCalls(fetchMock)).toContain('/api/public/omegascans/public/series?type=comic&status=ongoing&page=2');

    await screen.findByRole('option', { name: 'Horror' });
    fireEvent.change(screen.getByLabelText('Genre'), { target: { value: 'horror' } });
    expect(router.state.location.search).toBe('?sort=random&status=ongoing&genre=horror');
    fireEvent.click(screen.getByRole('link', { name: 'Next page' }));
    expect(router.state.location.search).toContain('page=2');
    expect(await screen.findByRole('heading', { name: 'Series 2' })).toBeInTheDocument();
  });

  it('shows cards with cover size, status and the newest chapters with a premium mark', async () => {
    serve();
    renderRoutes([{ path: '/premium', element: <PremiumPage /> }], '/premium');
    const heading = await screen.findByRole('heading', { name: 'Series 1' });
    const article = heading.closest('article')!;
    const cover = article.querySelector('img')!;
    expect(cover).toHaveAttribute('width', '480');
    expect(cover).toHaveAttribute('height', '680');
    expect(article).toHaveTextContent('Ongoing');
    expect(screen.getByRole('link', { name: /Ch\. 2/ })).toHaveAttribute('href', '/SeriesView/series-1/chapter-2');
    expect(screen.getByLabelText('Premium')).toBeInTheDocument();
  });

  it('search results: every match for ?q=, with filters, and no call until there are 3 characters', async () => {
    const fetchMock = serve();
    const { router } = renderRoutes([{ path: '/search', element: <SearchPage /> }], '/search?q=ab');
    expect(await screen.findByText('Please enter at least 3 characters to search.')).toBeInTheDocument();
    expect(listCalls(fetchMock)).toEqual([]);

    const field = screen.getByRole('searchbox', { name: 'Search all series' });
    fireEvent.change(field, { target: { value: '  lantern  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?q=lantern');
    expect(await screen.findByRole('heading', { name: 'Series 1' })).toBeInTheDocument();
    expect(screen.getByText('30 series for “lantern”')).toBeInTheDocument();
    expect(listCalls(fetchMock)[0]).toBe('/api/public/omegascans/public/series?q=lantern');
    expect(screen.getByLabelText('Sort')).toHaveValue('relevance');
    expect(document.title).toBe('Search: lantern · Inkwell');

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'novel' } });
    expect(router.state.location.search).toBe('?q=lantern&type=novel');
    await screen.findByRole('heading', { name: 'Series 1' });
    expect(listCalls(fetchMock)).toContain('/api/public/omegascans/public/series?type=novel&q=lantern');
  });
});
