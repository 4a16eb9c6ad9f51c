import type { MetricsRange } from '@inkwell/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { NIL_UUID } from '../../../db/schema';
import { bounds, rows, type Amount } from './metrics.repository';

/** One key's sums over some days: views, or unlocks and the coins they took. */
export interface KeySumRow {
  id: string;
  n: Amount;
  coins?: Amount;
}

/*
 * Each list's sums per key come two ways: plain (`sum…`, the live days' few rows), and `ranked…`:
 * every key in the order of the list's sums (level keys by id), so that order can be kept for the
 * closed days and only the first few keys handed on. Titles and numbers, which break the named
 * list's ties, are read for those few alone (metrics-tops.ts: candidatesOf keeps every level key).
 */

const seriesViews = (range: MetricsRange) => {
  const { fromDay, toDay } = bounds(range);
  return sql`select series_id as id, sum(views)::bigint as n from daily_views
    where day between ${fromDay} and ${toDay} group by series_id`;
};
const chapterViews = (range: MetricsRange) => {
  const { fromDay, toDay } = bounds(range);
  return sql`select chapter_id as id, sum(views)::bigint as n from daily_views
    where day between ${fromDay} and ${toDay} and chapter_id <> ${NIL_UUID}::uuid group by chapter_id`;
};
const chapterUnlocks = (range: MetricsRange) => {
  const { start, end } = bounds(range);
  return sql`select chapter_id as id, count(*)::bigint as n, sum(coins)::bigint as coins from chapter_unlocks
    where created_at >= ${start} and created_at < ${end} group by chapter_id`;
};
const seriesUnlocks = (range: MetricsRange) => {
  const { start, end } = bounds(range);
  return sql`select ch.series_id as id, count(*)::bigint as n, sum(u.coins)::bigint as coins
    from chapter_unlocks u join chapters ch on ch.id = u.chapter_id
    where u.created_at >= ${start} and u.created_at < ${end} group by ch.series_id`;
};

/**
 * Views per series over the range's days (daily_views' key starts with the day), most first, ties
 * to the lower id. Series pages and chapters alike count toward a series, as the popular sort counts them.
 */
export function sumViewsBySeries(db: Database, range: MetricsRange) {
  return rows<KeySumRow>(db, sql`select v.id, v.n from (${seriesViews(range)}) v order by v.n desc, v.id`);
}

/** Each list's sums per key as a statement (`id`, `n`, and `coins` where it counts coins), for the shared ranking. */
export const sumsOf = { seriesViews, chapterViews, chapterUnlocks, seriesUnlocks };

export const sumViewsByChapter = (db: Database, range: MetricsRange) => rows<KeySumRow>(db, chapterViews(range));
export const sumUnlocksByChapter = (db: Database, range: MetricsRange) => rows<KeySumRow>(db, chapterUnlocks(range));
export const sumUnlocksBySeries = (db: Database, range: MetricsRange) => rows<KeySumRow>(db, seriesUnlocks(range));

export function rankedViewsByChapter(db: Database, range: MetricsRange) {
  return rows<KeySumRow>(db, sql`select v.id, v.n from (${chapterViews(range)}) v order by v.n desc, v.id`);
}

export function rankedUnlocksByChapter(db: Database, range: MetricsRange) {
  return rows<KeySumRow>(
    db,
    sql`select v.id, v.n, v.coins from (${chapterUnlocks(range)}) v order by v.n desc, v.coins desc, v.id`,
  );
}

export function rankedUnlocksBySeries(db: Database, range: MetricsRange) {
  return rows<KeySumRow>(db, sql`select v.id, v.n, v.coins from (${seriesUnlocks(range)}) v order by v.coins desc, v.id`);
}

/** A key with its sums, as the top lists' candidates are handed to SQL. */
export interface Candidate {
  id: string;
  n: number;
  coins?: number;
}
const candidatesJson = (candidates: Candidate[]) =>
  sql`json_to_recordset(${JSON.stringify(candidates.map(({ id, n, coins }) => ({ id, n, coins: coins ?? 0 })))}::json)`;

export interface SeriesViewsRow {
  id: string;
  title: string;
  slug: string;
  views: Amount;
}

/**
 * The `limit` most viewed of these series (ties to the lower id, as a LIMIT over the sums would
 * take them), most viewed first and then by title.
 */
export function nameTopSeriesByViews(db: Database, candidates: Candidate[], limit: number) {
  return rows<SeriesViewsRow>(
    db,
    sql`
        select id, title, slug, views from (
          select s.id, s.title, s.slug, v.n as views
          from ${candidatesJson(candidates)} as v(id uuid, n bigint, coins bigint) join series s on s.id = v.id
          order by v.n desc, v.id limit ${limit}
        ) t
        order by views desc, title`,
  );
}

/** A chapter with its series, as the top lists name it. */
export interface ChapterRefRow {
  chapter_id: string;
  series_id: string;
  series_title: string;
  series_slug: string;
  number: number;
  title: string;
  slug: string;
}

/** The `limit` most viewed of these chapters. */
export function nameTopChaptersByViews(db: Database, candidates: Candidate[], limit: number) {
  return rows<ChapterRefRow & { views: Amount }>(
    db,
    sql`
        select ch.id as chapter_id, s.id as series_id, s.title as series_title, s.slug as series_slug,
          ch.number::float8 as number, ch.title, ch.slug, v.n as views
        from ${candidatesJson(candidates)} as v(id uuid, n bigint, coins bigint)
        join chapters ch on ch.id = v.id join series s on s.id = ch.series_id
        order by v.n desc, s.title, ch.number limit ${limit}`,
  );
}

/** The `limit` most unlocked of these chapters, with the coins spent on them. */
export function nameTopChaptersByUnlocks(db: Database, candidates: Candidate[], limit: number) {
  return rows<ChapterRefRow & { unlocks: Amount; coins: Amount }>(
    db,
    sql`
        select ch.id as chapter_id, s.id as series_id, s.title as series_title, s.slug as series_slug,
          ch.number::float8 as number, ch.title, ch.slug, v.n as unlocks, v.coins
        from ${candidatesJson(candidates)} as v(id uuid, n bigint, coins bigint)
        join chapters ch on ch.id = v.id join series s on s.id = ch.series_id
        order by v.n desc, v.coins desc, s.title, ch.number limit ${limit}`,
  );
}

export interface SeriesUnlocksRow {
  id: string;
  title: string;
  slug: string;
  unlocks: Amount;
  coins: Amount;
}

/** The `limit` of these series whose chapters earned the most coins. */
export function nameTopSeriesByCoins(db: Database, candidates: Candidate[], limit: number) {
  return rows<SeriesUnlocksRow>(
    db,
    sql`
        select s.id, s.title, s.slug, v.n as unlocks, v.coins
        from ${candidatesJson(candidates)} as v(id uuid, n bigint, coins bigint) join series s on s.id = v.id
        order by v.coins desc, s.title limit ${limit}`,
  );
}

/** An array of ids as one parameter (a uuid's characters need no quoting). */
const idArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The first `limit` of these chapters that still exist, by their series' title and their number (series_title_idx). */
export async function firstChaptersByTitle(db: Database, ids: string[], limit: number): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`select ch.id from chapters ch join series s on s.id = ch.series_id
        where ch.id = any(${idArray(ids)}) order by s.title, ch.number limit ${limit}`,
  );
  return found.map((row) => String(row.id));
}

/** The first `limit` of these series that still exist, by title (series_title_idx). */
export async function firstSeriesByTitle(db: Database, ids: string[], limit: number): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`select id from series where id = any(${idArray(ids)}) order by title limit ${limit}`,
  );
  return found.map((row) => String(row.id));
}
