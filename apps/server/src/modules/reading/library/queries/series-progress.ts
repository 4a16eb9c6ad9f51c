import { AppError } from '../../../../lib/app-error';
import { isTeam, type Viewer } from '../../../identity/access';
import { findSeriesById } from '../../../catalogue/series';
import type { LibraryDeps } from '../library.deps';
import { toContinue, toProgressEntry } from '../library.presenter';
import { continuePoints, findProgress, hasBookmark, progressOfSeries } from '../library.repository';

/** The viewer's place in each chapter of a series they may see, where they pick up, and whether they follow it. */
export async function seriesProgress({ db, clock }: LibraryDeps, viewer: Viewer, seriesId: string) {
  const userId = viewer.userId!;
  const row = await findSeriesById(db, seriesId);
  if (!row || (!row.isPublished && !isTeam(viewer))) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
  const [rows, points, bookmarked] = await Promise.all([
    progressOfSeries(db, userId, seriesId),
    continuePoints(db, userId, [seriesId], clock.now()),
    hasBookmark(db, userId, seriesId),
  ]);
  return {
    chapters: Object.fromEntries(rows.map((row) => [row.chapterId, toProgressEntry(row)])),
    continue: toContinue(points.get(seriesId)),
    bookmarked,
  };
}

/** The reader's place in a chapter as kept (page or position, when, read or not). */
export async function placeOf({ db }: LibraryDeps, userId: string, chapterId: string) {
  return (await findProgress(db, userId, chapterId)) ?? null;
}
