import { AD_FRAME_MESSAGE, ROUTES, type AdsConfigResponse, type ChapterContent, type SeriesDetail } from '@inkwell/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../test/render';
import { HomePage } from '../features/catalogue/pages/home-page';
import SeriesPage from '../features/catalogue/pages/series-page';
import ReaderPage from '../features/reader/reader-page';

// Issue 10 §1: where the ad slots sit on the public reading pages, as the app composes them.

const PUB = '/api/public/omegascans/public';
const AD = '<div data-ad-container>An ad</div>';
const ads: AdsConfigResponse = {
  success: true,
  show_ads: true,
  config: { ad_scripts: AD },
  user_status: { isTeamMember: false, isPremium: false, isAuthenticated: false, role: 'Visitor' },
  reason: 'ads_enabled',
};
const chapter = (number: number) => ({
  id: `00000000-0000-4000-8000-00000000000${number}`,
  slug: `chapter-${number}`,
  number,
  title: '',
  publishedAt: '2026-01-01T00:00:00.000Z',
  price: 0,
  freeAt: null,
  access: 'free' as const,
  openUntil: null,
  language: 'en',
  fallback: false,
});
const comic: ChapterContent = {
  series: { id: 's1', slug: 'lantern', title: 'The Lantern Keeper', type: 'comic', cover: null },
  chapter: chapter(2),
  canRead: true,
  isPreview: false,
  pageCount: 3,
  pages: [1, 2, 3].map((n) => ({ id: `p${n}`, url: `/media/pages/c/${n}.webp?exp=1&sig=x`, width: 800, height: 1200 })),
  content: null,
  previous: { slug: 'chapter-1', number: 1, title: '' },
  next: { slug: 'chapter-3', number: 3, title: '' },
  chapters: [chapter(3), chapter(2), chapter(1)],
  chapterCount: 3,
  offers: [],
  openUntil: null,
  language: 'en',
  fallback: false,
};
const series: SeriesDetail = {
  id: '00000000-0000-4000-8000-0000000000aa',
  slug: 'lantern',
  type: 'comic',
  title: 'The Lantern Keeper',
  alternativeNames: '',
  description: '',
  status: 'ongoing',
  cover: null,
  author: '',
  artist: '',
  releaseYear: null,
  isAdult: false,
  genres: [],
  chapters: [chapter(3), chapter(2), chapter(1)],
  chapterCount: 3,
  firstChapter: { slug: 'chapter-1', number: 1 },
  forSaleCount: 0,
  views: 0,
  originalLanguage: 'en',
  language: 'en',
  editions: [],
};

function serve(config: AdsConfigResponse = ads) {
  mockApi({
    '/api/proxy/public/verify': verifyAs(null),
    [ROUTES.adsConfig.path]: () => Response.json(config),
    [`${PUB}/series/lantern/chapters/chapter-2`]: () => Response.json({ success: true, data: comic }),
    [`${PUB}/series/lantern`]: () => Response.json({ success: true, data: series }),
    [`${PUB}/home`]: () =>
      Response.json({ success: true, data: { banners: [], latest: [], trending: [], newest: [], premium: [] } }),
  });
}
const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
/** The slot, once its ad frame (the server's /ad-frame, not loaded here) has reported its ad. */
const shownSlot = async () => {
  const slot = await screen.findByRole('region', { name: 'Advertisement' });
  const frame = await waitFor(() => {
    const found = slot.querySelector('iframe');
    if (!found) throw new Error('no frame yet');
    return found;
  });
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: AD_FRAME_MESSAGE, status: 'shown' }, source: frame.contentWindow }),
    );
  });
  await waitFor(() => expect(slot).toHaveAttribute('data-ad-state', 'shown'));
  return slot;
};

describe('ad slots on the public reading pages', () => {
  it("sit in the reader between the chapter's end and the next-chapter button, never between the pages", async () => {
    serve();
    renderRoutes([{ path: '/SeriesView/:seriesSlug/:chapterSlug', element: <ReaderPage /> }], '/SeriesView/lantern/chapter-2');
    const strip = await screen.findByTestId('strip-reader');
    const slot = await shownSlot();
    expect(slot).toHaveAttribute('data-ad-slot', 'chapter-end');
    expect(within(strip).queryByRole('region', { name: 'Advertisement' })).toBeNull();
    expect(follows(strip, slot)).toBe(true);
    // The chapter's closing next-chapter button comes after it.
    const nextButtons = screen.getAllByRole('button', { name: /^Next/ });
    expect(nextButtons.some((button) => follows(slot, button))).toBe(true);
    expect(screen.getAllByRole('region', { name: 'Advertisement' })).toHaveLength(1);
  });

  it("sit under the series page's chapter list", async () => {
    serve();
    renderRoutes([{ path: '/SeriesView/:seriesSlug', element: <SeriesPage /> }], '/SeriesView/lantern');
    const slot = await shownSlot();
    expect(slot).toHaveAttribute('data-ad-slot', 'series-chapters');
    const list = screen.getByRole('region', { name: /Chapters/ });
    expect(follows(list, slot)).toBe(true);
    expect(within(list).queryByRole('region', { name: 'Advertisement' })).toBeNull();
  });

  it('sit on home, below the latest updates', async () => {
    serve();
    renderRoutes([{ path: '/', element: <HomePage /> }], '/');
    const slot = await shownSlot();
    expect(slot).toHaveAttribute('data-ad-slot', 'home');
    expect(follows(screen.getByRole('heading', { name: 'Latest updates' }), slot)).toBe(true);
  });

  it('leave nothing on the page when the viewer sees no ads', async () => {
    serve({ ...ads, show_ads: false, config: null, reason: 'ads_disabled' });
    renderRoutes([{ path: '/SeriesView/:seriesSlug', element: <SeriesPage /> }], '/SeriesView/lantern');
    await screen.findByRole('region', { name: /Chapters/ });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Advertisement' })).toBeNull());
  });
});
