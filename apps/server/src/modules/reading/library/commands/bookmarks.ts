import { AppError } from '../../../../lib/app-error';
import { findSeriesById } from '../../../catalogue/series';
import type { LibraryDeps } from '../library.deps';
import { deleteBookmark, insertBookmark } from '../library.repository';

/** Follows a published series; following it again changes nothing. */
export async function bookmark({ db, clock, events }: LibraryDeps, userId: string, seriesId: string) {
  const row = await findSeriesById(db, seriesId);
  if (!row?.isPublished) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
  await insertBookmark(db, userId, seriesId, clock.now());
  events.publish({ type: 'library.changed', userId });
  return { seriesId, bookmarked: true };
}

export async function unbookmark({ db, events }: LibraryDeps, userId: string, seriesId: string) {
  await deleteBookmark(db, userId, seriesId);
  events.publish({ type: 'library.changed', userId });
  return { seriesId, bookmarked: false };
}
