import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

/** One reader's view of a series (and chapter, or the nil id) on a day: [day, reader, seriesId, chapterId]. */
export type ViewNote = [day: string, reader: string, seriesId: string, chapterId: string];

/**
 * Records a batch of views in one statement: each is marked in view_marks first (shared by every
 * instance), and only the marks that are new add to daily_views and the series' total.
 */
export async function recordViews(db: Database, notes: ViewNote[]): Promise<void> {
  if (notes.length === 0) return;
  const values = sql.join(
    notes.map(([day, reader, seriesId, chapterId]) => sql`(${day}::date, ${reader}, ${seriesId}::uuid, ${chapterId}::uuid)`),
    sql`, `,
  );
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
}

/** Marks older than the day before `today` (YYYY-MM-DD) are no longer needed. */
export async function deleteViewMarksBefore(db: Database, today: string): Promise<void> {
  await db.execute(sql`delete from view_marks where day < ${today}::date - 1`);
}
