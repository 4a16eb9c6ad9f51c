import type { ChapterAccess, ChapterSummary, SeriesDetail, SessionUser } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs, type TestUser } from '../../../../test/render';
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
});

/** Chapter 1 free, 2 unlocked, 3–8 locked, 9 in early access; newest first, as the server sends them. */
function series(unlocked: string[] = []): SeriesDetail {
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
    views: 0,
  };
}

function serve(user: TestUser | null) {
  let unlocked: string[] = [];
  const bulk: string[][] = [];
  mockApi({
    '/api/proxy/public/verify': verifyAs(user),
    '/api/public/omegascans/public/series/lantern': () => Response.json({ success: true, data: series(unlocked) }),
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
    expect(row(9)).toHaveTextContent(/^Chapter 9Early access: 30 coinsFree in 2 days/);
    // A visitor is offered no bulk unlock.
    expect(screen.queryByTestId('series-bulk-unlock')).toBeNull();
  });

  it('lets a reader unlock the next chapters at once, and shows them unlocked as soon as it is done', async () => {
    const bulk = serve({ ...readerUser, coins: 200 });
    const { queryClient } = renderSeries();
    const panel = await screen.findByTestId('series-bulk-unlock');
    expect(panel).toHaveTextContent('7 locked from chapter 3');
    fireEvent.click(within(panel).getByText('Unlock chapters in bulk'));
    expect(within(panel).getByRole('radio', { name: 'Next 5, 150 coins' })).toBeChecked();
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
