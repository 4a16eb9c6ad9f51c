import { AppError } from '../../../../lib/app-error';
import { isTeam, type Viewer } from '../../../identity/access';
import type { LibraryDeps } from '../library.deps';
import { toContinue, toProgressEntry } from '../library.presenter';
import { findProgress } from '../library.repository';
import { seriesStateOf } from '../series-state.repository';

/**
 * The viewer's place in each chapter of a series they may see, where they pick up, and whether they
 * follow it: read in one statement, as every signed-in reader's series page asks for it (issue 40).
 */
export async function seriesProgress({ db, clock }: LibraryDeps, viewer: Viewer, seriesId: string) {
  const userId = viewer.userId!;
  const state = await seriesStateOf(db, userId, seriesId, clock.now());
  if (state.isPublished === null || (!state.isPublished && !isTeam(viewer))) {
    throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
  }
  return {
    chapters: Object.fromEntries(state.rows.map((row) => [row.chapterId, toProgressEntry(row)])),
    continue: toContinue(state.point),
    bookmarked: state.bookmarked,
  };
}

/** The reader's place in a chapter as kept (page or position, when, read or not). */
export async function placeOf({ db }: LibraryDeps, userId: string, chapterId: string) {
  return (await findProgress(db, userId, chapterId)) ?? null;
}
