import { sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { at, rowsOf } from '../../../../db/sql';
import { NOVEL_BYTES_PER_PAGE } from '../reading-time';

// What the reader's year (stats, issue 39 §4) asks of their progress: the chapters they finished
// (`finished_at` set) between two moments, read off `reading_progress_finished_idx` (user_id,
// finished_at where finished_at is not null), so a reader with 10,000 rows reads only the year's.

/** A span of the reader's reading, and the time zone its days are counted in. */
export interface ReadingSpan {
  userId: string;
  from: Date;
  to: Date;
  timeZone: string;
}

/** One day's finished chapters of one series (the day in the reader's time zone, YYYY-MM-DD). */
export interface FinishedDayRow {
  day: string;
  seriesId: string;
  seriesSlug: string;
  seriesTitle: string;
  /** Whether a visitor may see the series (published and not Adult): a shared year names only those. */
  isPublic: boolean;
  chapters: number;
  pages: number;
}

/**
 * The chapters finished in the span, per day and series, with their pages: a comic's page count
 * (its original edition's pages), a novel's text counted in NOVEL_BYTES_PER_PAGE (octet_length reads
 * a stored text's size without reading it).
 */
export async function finishedDaysOf(db: Database, span: ReadingSpan): Promise<FinishedDayRow[]> {
  return rowsOf<FinishedDayRow>(await db.execute(finishedDaysSql(span)));
}

/** `finishedDaysOf`'s statement (query-plans.test.ts reads its plan). */
export const finishedDaysSql = ({ userId, from, to, timeZone }: ReadingSpan) => sql`
    select to_char(rp.finished_at at time zone ${timeZone}, 'YYYY-MM-DD') as "day",
      rp.series_id as "seriesId", s.slug as "seriesSlug", s.title as "seriesTitle",
      (s.is_published and not s.is_adult) as "isPublic",
      count(*)::int as "chapters",
      sum(case when c.content is null
        then (select count(*) from chapter_pages p where p.chapter_id = c.id and p.language is null)
        else greatest(1, round(octet_length(c.content)::numeric / ${NOVEL_BYTES_PER_PAGE}))
      end)::int as "pages"
    from reading_progress rp
    join chapters c on c.id = rp.chapter_id
    join series s on s.id = rp.series_id
    where rp.user_id = ${userId} and rp.finished_at >= ${at(from)} and rp.finished_at < ${at(to)}
    group by 1, rp.series_id, s.slug, s.title, s.is_published, s.is_adult
    order by 1`;

/** The median time from first opening to finishing a chapter in the span, in ms; rows opened before it was kept are left out. */
export async function medianOpenToFinishOf(db: Database, span: ReadingSpan): Promise<number | null> {
  const seconds = rowsOf<{ seconds: number | string | null }>(await db.execute(medianOpenToFinishSql(span)))[0]?.seconds;
  return seconds === null || seconds === undefined ? null : Math.round(Number(seconds) * 1000);
}

/** `medianOpenToFinishOf`'s statement. */
export const medianOpenToFinishSql = ({ userId, from, to }: ReadingSpan) => sql`
    select percentile_cont(0.5) within group (order by extract(epoch from rp.finished_at - rp.opened_at)) as "seconds"
    from reading_progress rp
    where rp.user_id = ${userId} and rp.finished_at >= ${at(from)} and rp.finished_at < ${at(to)}
      and rp.opened_at is not null`;

/** The years (in the reader's time zone) in which they finished a chapter, newest first: an index-only scan. */
export async function yearsWithReadingOf(db: Database, userId: string, timeZone: string): Promise<number[]> {
  return rowsOf<{ year: number }>(await db.execute(yearsWithReadingSql(userId, timeZone))).map((row) => Number(row.year));
}

/** `yearsWithReadingOf`'s statement. */
export const yearsWithReadingSql = (userId: string, timeZone: string) => sql`
    select distinct extract(year from rp.finished_at at time zone ${timeZone})::int as "year"
    from reading_progress rp
    where rp.user_id = ${userId} and rp.finished_at is not null
    order by 1 desc`;
