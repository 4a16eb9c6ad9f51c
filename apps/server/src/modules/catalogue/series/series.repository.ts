import { and, asc, eq, getTableColumns, gt, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SeriesSort, SeriesStatus, SeriesType } from '@inkwell/contract';
import type { Database, Transaction } from '../../../db/client';
import { listCountQuery } from '../../../db/list-counts';
import { at, escapeLike } from '../../../db/sql';
import { chapters, dailyViews, genres, NIL_UUID, series, seriesGenres } from '../../../db/schema';

export type SeriesRow = typeof series.$inferSelect;
export type NewSeries = typeof series.$inferInsert;

export interface SeriesFilter {
  type?: SeriesType;
  genre?: string;
  status?: SeriesStatus;
  premium?: boolean;
  /** A search over title and alternative names (as the top bar's, with near matches). */
  q?: string;
}

/** A chapter someone still has to pay for, right now. */
const premiumChapterExists = (now: Date) => sql`exists (
  select 1 from ${chapters} c where c.series_id = ${series.id} and c.price > 0
  and c.published_at <= ${at(now)} and (c.free_at is null or c.free_at > ${at(now)}))`;

/** Each order matches an index of series (drizzle's indexes sort descending with nulls last). */
const SORTS: Record<Exclude<SeriesSort, 'relevance' | 'trending'>, SQL[]> = {
  latest: [sql`${series.lastChapterAt} desc nulls last`, sql`${series.createdAt} desc nulls last`],
  popular: [sql`${series.views} desc nulls last`, asc(series.title)],
  new: [sql`${series.createdAt} desc nulls last`],
  title: [asc(series.title)],
};

/** A search's ranking (the top bar's and the results page's): exact title, then prefix, then likeness. */
export const relevance = (q: string): SQL[] => [
  sql`(lower(${series.title}) = ${q}) desc`,
  sql`(${series.searchText} like ${`${escapeLike(q)}%`}) desc`,
  sql`word_similarity(${q}, ${series.searchText}) desc`,
  asc(series.title),
];

/** Trending: the views of the last seven days (the series-level rows of daily_views). */
const TRENDING_DAYS = 7;

/**
 * The last seven days' views of every series that had any, summed once over daily_views' day
 * range (its primary key starts with the day). Summing them per series in the order instead ran
 * one lookup per published series: a second on 20,000 series.
 */
function recentViews(db: Database, now: Date) {
  return db
    .select({ seriesId: dailyViews.seriesId, views: sql<number>`sum(${dailyViews.views})`.as('recent_views') })
    .from(dailyViews)
    .where(
      and(gt(dailyViews.day, sql`(${at(now)})::date - ${sql.raw(String(TRENDING_DAYS))}`), eq(dailyViews.chapterId, NIL_UUID)),
    )
    .groupBy(dailyViews.seriesId)
    .as('recent');
}

const orderOf = (sort: Exclude<SeriesSort, 'trending'>, q: string | undefined): SQL[] => {
  if (sort === 'relevance') return q ? relevance(q.toLowerCase()) : SORTS.latest;
  return SORTS[sort];
};

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

function publishedWhere(filter: SeriesFilter, now: Date) {
  const conditions: SQL[] = [eq(series.isPublished, true)];
  if (filter.type) conditions.push(eq(series.type, filter.type));
  if (filter.status) conditions.push(eq(series.status, filter.status));
  if (filter.genre) {
    conditions.push(sql`exists (select 1 from ${seriesGenres} sg join ${genres} g on g.id = sg.genre_id
      where sg.series_id = ${series.id} and g.slug = ${filter.genre})`);
  }
  if (filter.premium === true) conditions.push(premiumChapterExists(now));
  if (filter.premium === false) conditions.push(sql`not ${premiumChapterExists(now)}`);
  if (filter.q) conditions.push(matchesSearch(filter.q));
  return and(...conditions);
}

/** The page query of the catalogue lists, as issued (query-plans.test.ts explains exactly this). */
export function publishedSeriesPageQuery(
  db: Database,
  filter: SeriesFilter,
  sort: SeriesSort,
  page: number,
  perPage: number,
  now: Date,
) {
  const where = publishedWhere(filter, now);
  const offset = (page - 1) * perPage;
  if (sort === 'trending') {
    const recent = recentViews(db, now);
    return db
      .select(getTableColumns(series))
      .from(series)
      .leftJoin(recent, eq(recent.seriesId, series.id))
      .where(where)
      .orderBy(sql`coalesce(${recent.views}, 0) desc`, sql`${series.views} desc nulls last`, asc(series.title), asc(series.id))
      .limit(perPage)
      .offset(offset);
  }
  return db
    .select()
    .from(series)
    .where(where)
    .orderBy(...orderOf(sort, filter.q), asc(series.id))
    .limit(perPage)
    .offset(offset);
}

/** Published series for the catalogue: one page, and the total unless `counted` is false (home's rows show no total). */
export async function listPublishedSeries(
  db: Database,
  filter: SeriesFilter,
  sort: SeriesSort,
  page: number,
  perPage: number,
  now: Date,
  { counted = true }: { counted?: boolean } = {},
): Promise<{ rows: SeriesRow[]; total: number }> {
  const read = (on: Database) =>
    Promise.all([
      publishedSeriesPageQuery(on, filter, sort, page, perPage, now),
      counted
        ? on
            .select({ total: sql<number>`count(*)::int` })
            .from(series)
            .where(publishedWhere(filter, now))
        : Promise.resolve([]),
    ]);
  // A search's near matches need the similarity threshold, which holds for one transaction.
  const [rows, [count]] = filter.q
    ? await db.transaction(async (tx) => {
        await setSearchSimilarity(tx);
        return read(tx);
      })
    : await read(db);
  return { rows, total: count?.total ?? rows.length };
}

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

export async function replaceSeriesGenres(db: Database, seriesId: string, genreIds: string[]): Promise<void> {
  await db.delete(seriesGenres).where(eq(seriesGenres.seriesId, seriesId));
  const unique = [...new Set(genreIds)];
  if (unique.length > 0) await db.insert(seriesGenres).values(unique.map((genreId) => ({ seriesId, genreId })));
}

export async function deleteSeries(db: Database, id: string): Promise<SeriesRow | undefined> {
  const [row] = await db.delete(series).where(eq(series.id, id)).returning();
  return row;
}

/** Keeps series.last_chapter_at true: the newest chapter published by `now`. */
export async function refreshLastChapterAt(db: Database, seriesIds: string[], now: Date): Promise<void> {
  if (seriesIds.length === 0) return;
  await db
    .update(series)
    .set({
      lastChapterAt: sql`(select max(c.published_at) from ${chapters} c where c.series_id = ${series.id} and c.published_at <= ${at(now)})`,
    })
    .where(inArray(series.id, [...new Set(seriesIds)]));
}

export async function countSeries(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(series);
  return row?.count ?? 0;
}
