import type { MetricsRange } from '@inkwell/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { rowsOf } from '../../../db/sql';
import { chapterIsOut } from '../../catalogue/chapters';
import { bounds } from './metrics.repository';

export interface FunnelDbRow {
  chapter_id: string;
  number: string | number;
  started: number;
  finished: number;
  coins: number;
  wait_pass: number;
  daily_free: number;
  first_paid: number;
  went_on: number;
  has_next: boolean;
}

/**
 * A series' funnel over a range (issue 22 §3), one row per chapter out at `now`, in reading order.
 * Readers are counted from their reading places last touched in the range (reading_progress keeps
 * one row per reader and chapter): `started` any place, `finished` read to the end; `went_on` those
 * of them with a place in the next chapter too. Unlocks by coins and rentals by their start; a
 * reader's first paid chapter is that of their first coin unlock in the series, when it falls in
 * the range.
 */
export async function seriesFunnel(db: Database, seriesId: string, range: MetricsRange, now: Date): Promise<FunnelDbRow[]> {
  const { start, end } = bounds(range);
  const result = await db.execute(sql`
    with ch as (
      select c.id, c.number, lead(c.id) over (order by c.number) as next_id
      from chapters c where c.series_id = ${seriesId} and ${chapterIsOut(now, 'c')}
    ),
    readers as (
      select rp.chapter_id, rp.user_id, rp.completed
      from reading_progress rp
      where rp.series_id = ${seriesId} and rp.read_at >= ${start} and rp.read_at < ${end}
    ),
    firsts as (
      select distinct on (u.user_id) u.user_id, u.chapter_id, u.created_at
      from chapter_unlocks u join ch on ch.id = u.chapter_id
      order by u.user_id, u.created_at, u.chapter_id
    )
    select ch.id as chapter_id, ch.number, ch.next_id is not null as has_next,
      (select count(*)::int from readers r where r.chapter_id = ch.id) as started,
      (select count(*)::int from readers r where r.chapter_id = ch.id and r.completed) as finished,
      (select count(*)::int from readers r where r.chapter_id = ch.id
        and exists (select 1 from reading_progress n where n.user_id = r.user_id and n.chapter_id = ch.next_id)) as went_on,
      (select count(*)::int from chapter_unlocks u where u.chapter_id = ch.id and u.created_at >= ${start} and u.created_at < ${end}) as coins,
      (select count(*)::int from chapter_rentals t where t.chapter_id = ch.id and t.method = 'wait_pass'
        and t.starts_at >= ${start} and t.starts_at < ${end}) as wait_pass,
      (select count(*)::int from chapter_rentals t where t.chapter_id = ch.id and t.method = 'daily_free'
        and t.starts_at >= ${start} and t.starts_at < ${end}) as daily_free,
      (select count(*)::int from firsts f where f.chapter_id = ch.id and f.created_at >= ${start} and f.created_at < ${end}) as first_paid
    from ch order by ch.number`);
  return rowsOf<FunnelDbRow>(result);
}
