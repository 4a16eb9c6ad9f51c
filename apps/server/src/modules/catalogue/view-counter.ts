import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { NIL_UUID } from '../../db/schema';
import type { Clock } from '../../lib/clock';

/**
 * Views per series and chapter per day; a series' total (for the popular sort) counts both. A read only bumps a number in memory; the totals are
 * written in two set-based statements every few seconds and when the server closes.
 */
export function createViewCounter(db: Database, clock: Clock, logger: FastifyBaseLogger) {
  let pending = new Map<string, number>();

  const count = (seriesId: string, chapterId: string = NIL_UUID) => {
    const key = `${clock.now().toISOString().slice(0, 10)}|${seriesId}|${chapterId}`;
    pending.set(key, (pending.get(key) ?? 0) + 1);
  };

  const flush = async () => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const rows = [...batch].map(([key, views]) => {
      const [day, seriesId, chapterId] = key.split('|') as [string, string, string];
      return { day, seriesId, chapterId, views };
    });
    const values = sql.join(
      rows.map((r) => sql`(${r.day}::date, ${r.seriesId}::uuid, ${r.chapterId}::uuid, ${r.views}::int)`),
      sql`, `,
    );
    try {
      await db.transaction(async (tx) => {
        // Series may have been deleted since the read; the join skips them.
        await tx.execute(sql`
          insert into daily_views (day, series_id, chapter_id, views)
          select v.day, v.series_id, v.chapter_id, v.views
          from (values ${values}) as v(day, series_id, chapter_id, views)
          join series s on s.id = v.series_id
          on conflict (day, series_id, chapter_id) do update set views = daily_views.views + excluded.views`);
        await tx.execute(sql`
          update series s set views = s.views + t.views
          from (select v.series_id, sum(v.views)::bigint as views from (values ${values}) as v(day, series_id, chapter_id, views)
                group by v.series_id) t
          where s.id = t.series_id`);
      });
    } catch (error) {
      logger.warn({ err: error }, 'could not record views; they are dropped');
    }
  };

  return { count, flush };
}
export type ViewCounter = ReturnType<typeof createViewCounter>;
