import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { NIL_UUID } from '../../../db/schema';
import { type Clock, utcDayOf } from '../../../lib/clock';
import { deleteViewMarksBefore, recordViews, type ViewNote } from './views.repository';

/**
 * Views per series and chapter per day; a series' total (for the popular sort) counts both. A view
 * counts once per reader per series or chapter per day (issue 7 §4.13): a read only notes it in
 * memory; every few seconds the notes are written in one statement that first records them in
 * view_marks (shared by every instance, so a reader counted elsewhere is not counted again) and
 * adds up only the new ones.
 */
export function createViewCounter(db: Database, clock: Clock, logger: FastifyBaseLogger) {
  let pending = new Set<string>();

  const count = (reader: string, seriesId: string, chapterId: string = NIL_UUID) => {
    pending.add(`${utcDayOf(clock.now())}|${reader}|${seriesId}|${chapterId}`);
  };

  const flush = async () => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Set();
    try {
      await recordViews(
        db,
        [...batch].map((key) => key.split('|') as ViewNote),
      );
    } catch (error) {
      logger.warn({ err: error }, 'could not record views; they are dropped');
    }
  };

  /** The `metrics.prune-view-marks` job: marks older than yesterday are no longer needed. */
  const pruneMarks = async () => {
    const today = clock.now().toISOString().slice(0, 10);
    await deleteViewMarksBefore(db, today);
  };

  return { count, flush, pruneMarks };
}
export type ViewCounter = ReturnType<typeof createViewCounter>;
