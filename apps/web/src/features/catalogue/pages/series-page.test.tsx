import type { ChapterAccess, ChapterSummary, SeriesDetail, SessionUser } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs, type TestUser } from '../../../../test/render';
import { seriesChaptersAnswer } from '../../../../test/series-chapters';
import { SESSION_QUERY_KEY } from '../../../lib/auth/session-query';
import SeriesPage from './series-page';

const SERIES_ID = '00000000-0000-4000-8000-0000000000aa';
const chapterId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const IN_TWO_DAYS = new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString();

const chapter = (number: number, access: ChapterAccess): ChapterSummary => ({
  id: chapterId(number),
  slug: `chapter-${number}`,
  number,
  title: '',
  publishedAt: '2026-01-01T00:00:00.000Z',
  price: access === 'free' ? 0 : 30,
  freeAt: access === 'early_access' ? IN_TWO_DAYS : null,
  access,
  openUntil: null,
  language: 'en',
  fallback: false,
});

/** Chapter 1 free, 2 unlocked, 3–8 locked, 9 in early access; newest first, as the server sends them. */
function series(unlocked: string[] = [], over: Partial<SeriesDetail> = {}): SeriesDetail {
  const access = (n: number): ChapterAccess =>
    n === 1 ? 'free' : n === 2 || unlocked.includes(chapterId(n)) ? 'unlocked' : n === 9 ? 'early_access' : 'locked';
  return {
    id: SERIES_ID,
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
    chapters: Array.from({ length: 9 }, (_, i) => chapter(9 - i, access(9 - i))),
    chapterCount: 9,
    firstChapter: { slug: 'chapter-1', number: 1 },
    forSaleCount: Array.from({ length: 9 }, (_, i) => access(i + 1)).filter((a) => a === 'locked' || a === 'early_access').length,
    views: 0,
    originalLanguage: 'en',
    language: 'en',
    editions: [],
    ...over,
  };
}

function serve(user: TestUser | null, over: Partial<SeriesDetail> = {}) {
  let unlocked: string[] = [];
  const bulk: string[][] = [];
  mockApi({
    '/api/proxy/public/verify': verifyAs(user),
    '/api/public/omegascans/public/series/lantern': () => Response.json({ success: true, data: series(unlocked, over) }),
    '/api/public/omegascans/public/series/lantern/chapters': (_init, url) => seriesChaptersAnswer(series(unlocked).chapters, url),
    [`POST /api/omegascans/secure/me/series/${SERIES_ID}/unlock`]: (init) => {
      const { chapterIds } = JSON.parse(String(init?.body)) as { chapterIds: string[] };
      bulk.push(chapterIds);
      unlocked = chapterIds;
      return Response.json({ success: true, data: { chapterIds, charged: chapterIds.length * 30, coins: 20 } });
    },
  });
  return bulk;
}

const renderSeries = () => renderRoutes([{ path: '/SeriesView/:seriesSlug', element: <SeriesPage /> }], '/SeriesView/lantern');
const row = (number: number) => screen.getByRole('link', { name: new RegExp(`^Chapter ${number}(?!\\d)`) });

describe('the series page’s chapter list', () => {
  it('marks each chapter’s state for the viewer, in words for screen readers', async () => {
    serve(null);
    renderSeries();
    await screen.findByRole('heading', { name: 'The Lantern Keeper', level: 1 });
    expect(row(1).querySelector('[data-access]')).toBeNull();
    expect(row(2)).toHaveTextContent(/^Chapter 2Unlocked/);
    expect(row(3)).toHaveTextContent(/^Chapter 3Locked: 30 coins/);
    expect(row(9)).toHaveTextContent(/^Chapter 9Early access:30 coinsFree in 2d 0h/);
    // A visitor is offered no bulk unlock.
    expect(screen.queryByTestId('series-bulk-unlock')).toBeNull();
    // A coins-only series shows no free ladder.
    expect(screen.queryByTestId('free-ladder')).toBeNull();
    expect(document.querySelector('[data-ladder]')).toBeNull();
  });

  it('shows a series’ free ladder, and the chapters its pass opens (issue 33 §2)', async () => {
    const plain = series();
    serve(null, {
      freeLadder: { waitPassHours: 24, dailyFree: false, rentalHours: 72 },
      // The pass skips the newest locked chapter (8) and opens the older ones.
      chapters: plain.chapters.map((c) => (c.access === 'locked' && c.number < 8 ? { ...c, freeWays: ['wait_pass'] } : c)),
    });
    renderSeries();
    const heading = await screen.findByRole('heading', { name: 'The Lantern Keeper', level: 1 });
    expect(heading.parentElement).toHaveTextContent('Wait · 24 h');
    expect(screen.getByTestId('free-ladder')).toHaveTextContent(
      'Read without coins: a free pass opens one chapter every 24 h; each stays open 72 h.',
    );
    expect(row(3)).toHaveTextContent(/^Chapter 3Wait · 24 hLocked: 30 coins/);
    expect(row(8)).toHaveTextContent(/^Chapter 8Locked: 30 coins/);
    expect(row(9)).toHaveTextContent(/^Chapter 9Early access:30 coins/);
  });

  it('lets a reader unlock the next chapters at once, and shows them unlocked as soon as it is done', async () => {
    const bulk = serve({ ...readerUser, coins: 200 });
    const { queryClient } = renderSeries();
    const panel = await screen.findByTestId('series-bulk-unlock');
    await waitFor(() => expect(panel).toHaveTextContent('7 locked from chapter 3'));
    fireEvent.click(within(panel).getByText('Unlock chapters in bulk'));
    // The box's inside is a chunk of its own, fetched as the box is drawn (series-bulk-unlock.tsx).
    expect(await within(panel).findByRole('radio', { name: 'Next 5, 150 coins' })).toBeChecked();
    expect(within(panel).getByRole('radio', { name: 'All 7, 210 coins' })).toBeInTheDocument();
    expect(within(panel).queryByRole('radio', { name: /Next 10/ })).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: 'Unlock 5 chapters' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlock 5 chapters for 150 coins?' });
    expect(dialog).toHaveTextContent('Chapters 3–7');
    expect(dialog).toHaveTextContent('Your balance after: 50 coins');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));

    await waitFor(() => expect(row(3)).toHaveTextContent(/^Chapter 3Unlocked/));
    expect(bulk).toEqual([[3, 4, 5, 6, 7].map(chapterId)]);
    expect(row(8)).toHaveTextContent(/Locked: 30 coins/);
    expect(queryClient.getQueryData<SessionUser>(SESSION_QUERY_KEY)?.coins).toBe(20);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('a long series’ chapter list', () => {
  // 250 chapters, the newest 20 for sale: the series answer holds the newest 100, as the server's.
  const all = Array.from({ length: 250 }, (_, i) => chapter(250 - i, 250 - i > 230 ? 'locked' : 'free'));
  const long: SeriesDetail = {
    ...series(),
    chapters: all.slice(0, 100),
    chapterCount: 250,
    firstChapter: { slug: 'chapter-1', number: 1 },
    forSaleCount: 20,
  };
  function serveLong(user: TestUser | null) {
    const asked: string[] = [];
    mockApi({
      '/api/proxy/public/verify': verifyAs(user),
      '/api/public/omegascans/public/series/lantern': () => Response.json({ success: true, data: long }),
      '/api/public/omegascans/public/series/lantern/chapters': (_init, url) => {
        asked.push(url.split('?')[1] ?? '');
        return seriesChaptersAnswer(all, url);
      },
    });
    return asked;
  }
  const rows = () => within(screen.getByRole('region', { name: /Chapters/ })).getAllByRole('listitem');

  it('shows the newest page, then pages on, starts from the first, and jumps to a number', async () => {
    const asked = serveLong(null);
    renderSeries();
    expect(await screen.findByRole('heading', { name: 'Chapters (250)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'First chapter' })).toHaveAttribute('href', '/SeriesView/lantern/chapter-1');
    // The series' feed: a page that explains it and lists its addresses.
    expect(screen.getByRole('link', { name: 'Feed' })).toHaveAttribute('href', '/follow/lantern');
    expect(rows()).toHaveLength(100);
    // The newest page came with the series: nothing more was asked yet.
    expect(asked).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Show more chapters' }));
    await waitFor(() => expect(rows()).toHaveLength(200));
    // In the series answer's edition (issue 35 §2), so the pages agree with the first.
    expect(asked).toEqual(['order=desc&lang=en&limit=100&after=151']);
    expect(rows()[100]).toHaveTextContent(/^Chapter 150/);

    fireEvent.click(screen.getByRole('button', { name: 'Oldest first' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent(/^Chapter 1(?!\d)/));
    expect(rows()).toHaveLength(100);

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Chapter number' }), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent(/^Chapter 120/));
    expect(rows()[1]).toHaveTextContent(/^Chapter 121/);
    fireEvent.click(screen.getByRole('button', { name: 'Stop starting at chapter 120' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent(/^Chapter 1(?!\d)/));
  });

  it('offers a reader every chapter for sale in bulk, though the newest page holds them all', async () => {
    const asked = serveLong({ ...readerUser, coins: 1000 });
    renderSeries();
    const panel = await screen.findByTestId('series-bulk-unlock');
    await waitFor(() => expect(panel).toHaveTextContent('20 locked from chapter 231'));
    expect(asked).toContain('order=asc&forSale=true&limit=500');
    fireEvent.click(within(panel).getByText('Unlock chapters in bulk'));
    expect(within(panel).getByRole('radio', { name: 'All 20, 600 coins' })).toBeInTheDocument();
  });
});
