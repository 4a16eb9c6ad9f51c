import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../../db/client';
import { listCountQuery } from '../../../db/list-counts';
import { escapeLike } from '../../../db/sql';
import { series } from '../../../db/schema';

export type SeriesRow = typeof series.$inferSelect;
export type NewSeries = typeof series.$inferInsert;

/**
 * Joins the series of another module's row (`seriesId`, the row's series column), for the reads that
 * need it in the row's own query (a comment's, a notice's): `.innerJoin(...joinSeries(comments.seriesId))`.
 */
export const joinSeries = (seriesId: AnyPgColumn) => [series, eq(series.id, seriesId)] as const;

/** A series as a list names and links it (the team's comments), beside `joinSeries`. */
export const seriesLinkColumns = { id: series.id, slug: series.slug, title: series.title };

/** A chapter's series as a link or a notice names it, beside `joinSeries`. */
export const seriesNameColumns = { seriesSlug: series.slug, seriesTitle: series.title };

/** Whether a row's series is published (what access needs of a chapter's series), beside `joinSeries`. */
export const seriesPublishedColumns = { seriesIsPublished: series.isPublished };

/** A chapter's series' type (comic pages or novel text), beside `joinSeries`: the team's chapter edits. */
export const seriesTypeColumns = { seriesType: series.type };

/** What a chapter's downloadable file (CBZ, EPUB) says of its series, beside `joinSeries`. */
export const seriesBookColumns = {
  id: series.id,
  slug: series.slug,
  type: series.type,
  title: series.title,
  author: series.author,
  artist: series.artist,
  description: series.description,
};

/** A row's series is published (no team-only series), beside `joinSeries`: a release's notices. */
export const seriesIsPublished = (): SQL => eq(series.isPublished, true);

/** A series as a reader's lists show it (a bookmark, a history entry), beside `joinSeries`. */
export const seriesCardColumns = {
  id: series.id,
  slug: series.slug,
  title: series.title,
  type: series.type,
  status: series.status,
  coverKey: series.coverKey,
  coverWidth: series.coverWidth,
  coverHeight: series.coverHeight,
};
export type SeriesCardRow = { [K in keyof typeof seriesCardColumns]: SeriesRow[K] };

/**
 * The orders of a list that joins its series (a reader's bookmarks), beside `joinSeries`: by its
 * newest chapter or by title; `id` ends every order, so pages never repeat or skip a series.
 */
export const seriesOrders = {
  latestChapter: [sql`${series.lastChapterAt} desc nulls last`, asc(series.title)],
  title: [asc(series.title)],
  id: asc(series.id),
};

/**
 * What a sale of a chapter needs of its series, beside `joinSeries`: its title and whether it is
 * published, its ladder of free ways to read (issue 22 §1) and its bundle discount (the wallet's unlocks).
 */
export const seriesSaleTermsColumns = {
  seriesTitle: series.title,
  seriesPublished: series.isPublished,
  ladder: {
    waitPassIntervalHours: series.waitPassIntervalHours,
    rentalHours: series.rentalHours,
    waitPassExcludesNewest: series.waitPassExcludesNewest,
    dailyFree: series.dailyFree,
    status: series.status,
  },
  bundleDiscountPercent: series.bundleDiscountPercent,
};

/** A published series' id, title and slug (a gift's, its supporters'), or undefined when there is none. */
export async function findPublishedSeries(db: Database, id: string) {
  const [row] = await db
    .select({ id: series.id, title: series.title, slug: series.slug })
    .from(series)
    .where(and(eq(series.id, id), eq(series.isPublished, true)));
  return row;
}

/** A series' slug and whether it is published: enough to link to it and to decide who sees it. */
export async function findSeriesListing(db: Database, id: string) {
  const [row] = await db
    .select({ id: series.id, slug: series.slug, isPublished: series.isPublished })
    .from(series)
    .where(eq(series.id, id))
    .limit(1);
  return row;
}

/** A search's ranking (the top bar's and the results page's): exact title, then prefix, then likeness. */
export const relevance = (q: string): SQL[] => [
  sql`(lower(${series.title}) = ${q}) desc`,
  sql`(${series.searchText} like ${`${escapeLike(q)}%`}) desc`,
  sql`word_similarity(${q}, ${series.searchText}) desc`,
  asc(series.title),
];

/** How alike a word must be to count as a near match (pg_trgm word similarity). */
const SEARCH_SIMILARITY = 0.4;

/** The threshold of `<%` for this transaction: the default (0.6) misses one typo in a short word. */
export const setSearchSimilarity = (db: Database) =>
  db.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SEARCH_SIMILARITY)}, true)`);

/** Substring or near matches (pg_trgm's `<%`, whose threshold `setSearchSimilarity` sets), on the trigram index. */
export const matchesSearch = (text: string) => {
  const q = text.toLowerCase();
  return sql`(${series.searchText} like ${`%${escapeLike(q)}%`} or ${q} <% ${series.searchText})`;
};

export async function findSeriesBySlug(db: Database, slug: string): Promise<SeriesRow | undefined> {
  const [row] = await db.select().from(series).where(eq(series.slug, slug)).limit(1);
  return row;
}

export async function findSeriesById(db: Database, id: string): Promise<SeriesRow | undefined> {
  const [row] = await db.select().from(series).where(eq(series.id, id)).limit(1);
  return row;
}

/** The series, locked until the transaction ends: an edit reads what it changes from here. */
export async function lockSeriesById(tx: Transaction, id: string): Promise<SeriesRow | undefined> {
  const [row] = await tx.select().from(series).where(eq(series.id, id)).for('update');
  return row;
}

/**
 * The team's search: part of a title in any case, or a slug. The title is part of search_text, so
 * its trigram index narrows the rows first (from 3 characters; below that there is no trigram
 * and every series is read, which is fine at tens of thousands).
 */
const teamWhere = (q: string | undefined) => {
  if (!q) return undefined;
  const like = `%${escapeLike(q)}%`;
  const inTitle = sql`(${series.searchText} ilike ${like} and ${series.title} ilike ${like})`;
  return or(inTitle, eq(series.slug, q.toLowerCase()));
};

/** Newest edit first, exactly as series_updated_idx is declared. */
const lastEditedFirst = [sql`${series.updatedAt} desc nulls last`, asc(series.id)];

/**
 * The team's list query, newest edit first, as issued: the page's series are chosen on
 * series_updated_idx first, and only those twenty get their chapters counted.
 */
export function teamSeriesPageQuery(db: Database, q: string | undefined, page: number, perPage: number) {
  const pageIds = db
    .select({ id: series.id })
    .from(series)
    .where(teamWhere(q))
    .orderBy(...lastEditedFirst)
    .limit(perPage)
    .offset((page - 1) * perPage)
    .as('page');
  return db
    .select({
      row: series,
      chapterCount: sql<number>`(select count(*)::int from chapters c where c.series_id = "series"."id")`,
    })
    .from(series)
    .innerJoin(pageIds, eq(pageIds.id, series.id))
    .orderBy(...lastEditedFirst);
}

/** How many series the team's list holds: list_counts' sum with no search, else the matches counted. */
export function teamSeriesCountQuery(db: Database, q: string | undefined) {
  if (!q) return listCountQuery(db, 'series', ['']);
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(series)
    .where(teamWhere(q));
}

export async function listTeamSeries(db: Database, q: string | undefined, page: number, perPage: number) {
  const [rows, [count]] = await Promise.all([teamSeriesPageQuery(db, q, page, perPage), teamSeriesCountQuery(db, q)]);
  return { rows, total: count?.n ?? 0 };
}

/** Slugs equal to `base` or `base-…`, other than the given series' own. */
export async function slugsLike(db: Database, base: string, exceptId?: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: series.slug })
    .from(series)
    .where(
      and(
        or(eq(series.slug, base), sql`${series.slug} like ${`${escapeLike(base)}-%`}`),
        exceptId ? ne(series.id, exceptId) : undefined,
      ),
    );
  return new Set(rows.map((row) => row.slug));
}

export async function insertSeries(db: Database, values: NewSeries): Promise<string> {
  const [row] = await db.insert(series).values(values).returning({ id: series.id });
  if (!row) throw new Error('insert into series returned nothing');
  return row.id;
}

export async function updateSeries(db: Database, id: string, values: Partial<NewSeries>): Promise<void> {
  await db.update(series).set(values).where(eq(series.id, id));
}

export async function deleteSeries(db: Database, id: string): Promise<SeriesRow | undefined> {
  const [row] = await db.delete(series).where(eq(series.id, id)).returning();
  return row;
}

/**
 * Sets each series' last_chapter_at (the "latest updates" order) to `newestOf(series.id)`, in one
 * update: chapters gives the date, a subquery over a series' chapters out (its
 * `refreshLastChapterAt`), as series may not read chapters (chapters imports series).
 */
export async function setLastChapterAt(
  db: Database,
  seriesIds: string[],
  newestOf: (seriesId: AnyPgColumn) => SQL,
): Promise<void> {
  if (seriesIds.length === 0) return;
  await db
    .update(series)
    .set({ lastChapterAt: newestOf(series.id) })
    .where(inArray(series.id, [...new Set(seriesIds)]));
}

export async function countSeries(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(series);
  return row?.count ?? 0;
}
