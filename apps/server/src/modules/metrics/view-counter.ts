import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { NIL_UUID } from '../../db/schema';
import type { Clock } from '../../lib/clock';

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
    pending.add(`${clock.now().toISOString().slice(0, 10)}|${reader}|${seriesId}|${chapterId}`);
  };

  const flush = async () => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Set();
    const values = sql.join(
      [...batch].map((key) => {
        const [day, reader, seriesId, chapterId] = key.split('|') as [string, string, string, string];
        return sql`(${day}::date, ${reader}, ${seriesId}::uuid, ${chapterId}::uuid)`;
      }),
      sql`, `,
    );
    try {
      await db.execute(sql`
        with fresh as (
          insert into view_marks (day, visitor, series_id, chapter_id)
          select v.day, v.visitor, v.series_id, v.chapter_id
          from (values ${values}) as v(day, visitor, series_id, chapter_id)
          join series s on s.id = v.series_id
          on conflict do nothing
          returning day, series_id, chapter_id
        ), per_day as (
          insert into daily_views (day, series_id, chapter_id, views)
          select day, series_id, chapter_id, count(*)::int from fresh group by day, series_id, chapter_id
          on conflict (day, series_id, chapter_id) do update set views = daily_views.views + excluded.views
          returning 1
        )
        update series s set views = s.views + t.views
        from (select series_id, count(*)::bigint as views from fresh group by series_id) t
        where s.id = t.series_id`);
    } catch (error) {
      logger.warn({ err: error }, 'could not record views; they are dropped');
    }
  };

  /** The `metrics.prune-view-marks` job: marks older than yesterday are no longer needed. */
  const pruneMarks = async () => {
    const today = clock.now().toISOString().slice(0, 10);
    await db.execute(sql`delete from view_marks where day < ${today}::date - 1`);
  };

  return { count, flush, pruneMarks };
}
export type ViewCounter = ReturnType<typeof createViewCounter>;
