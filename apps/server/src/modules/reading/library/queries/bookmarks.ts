import type { bookmarkListQuerySchema } from '@inkwell/contract';
import type { z } from 'zod';
import { pageInfo } from '../../../../db/sql';
import { AppError } from '../../../../lib/app-error';
import { isTeam, type Viewer } from '../../../identity/access';
import { latestChaptersOf } from '../../../catalogue/chapters';
import type { LibraryDeps } from '../library.deps';
import { toBookmark } from '../library.presenter';
import { continuePoints, listBookmarks } from '../library.repository';

const LIBRARY_PAGE_SIZE = 20;

/** A page of the series the viewer follows, each with its latest chapter and where the viewer picks up. */
export async function bookmarks({ db, clock }: LibraryDeps, viewer: Viewer, query: z.output<typeof bookmarkListQuerySchema>) {
  const now = clock.now();
  const userId = viewer.userId;
  if (!userId) throw new AppError('unauthorized', 'apiErrors.reading.bookmarksSignIn');
  const opensEverything = viewer.hasPremiumPass || isTeam(viewer);
  const { rows, total } = await listBookmarks(db, userId, query.sort, query.page, LIBRARY_PAGE_SIZE, now, opensEverything);
  const seriesIds = rows.map((row) => row.series.id);
  const [latest, points] = await Promise.all([
    latestChaptersOf(db, seriesIds, 1, now),
    continuePoints(db, userId, seriesIds, now),
  ]);
  return {
    items: rows.map((row) => toBookmark(row, latest.get(row.series.id)?.[0], points.get(row.series.id), now)),
    pagination: pageInfo(query.page, LIBRARY_PAGE_SIZE, total),
  };
}
