import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SeriesSort, SeriesStatus, SeriesType } from '@inkwell/contract';
import type { Database } from '../../db/client';
import { banners, chapterPages, chapters, genres, series, seriesGenres } from '../../db/schema';

export type SeriesRow = typeof series.$inferSelect;
export type ChapterRow = typeof chapters.$inferSelect;
export type GenreRow = typeof genres.$inferSelect;
export type BannerRow = typeof banners.$inferSelect;
export type PageRow = typeof chapterPages.$inferSelect;

/** Chapters as lists need them: everything but a novel's text. */
export const chapterListColumns = {
  id: chapters.id,
  seriesId: chapters.seriesId,
  number: chapters.number,
  slug: chapters.slug,
  title: chapters.title,
  publishedAt: chapters.publishedAt,
  price: chapters.price,
  freeAt: chapters.freeAt,
};
export type ChapterListRow = Pick<ChapterRow, keyof typeof chapterListColumns>;

export interface SeriesFilter {
  type?: SeriesType;
  genre?: string;
  status?: SeriesStatus;
  premium?: boolean;
}

/** A moment as a query parameter; both drivers take the ISO text. */
const at = (moment: Date) => sql`${moment.toISOString()}::timestamptz`;

/** A chapter someone still has to pay for, right now. */
const premiumChapterExists = (now: Date) => sql`exists (
  select 1 from ${chapters} c where c.series_id = ${series.id} and c.price > 0
  and c.published_at <= ${at(now)} and (c.free_at is null or c.free_at > ${at(now)}))`;

/** Each order matches an index of series (drizzle's indexes sort descending with nulls last). */
const SORTS: Record<SeriesSort, SQL[]> = {
  // Matches series_latest_idx exactly, so the newest updates are read straight off the index.
  latest: [sql`${series.lastChapterAt} desc nulls last`, sql`${series.createdAt} desc nulls last`],
  popular: [sql`${series.views} desc nulls last`, asc(series.title)],
  new: [sql`${series.createdAt} desc nulls last`],
  title: [asc(series.title)],
};

/** Published series for the catalogue: one page and the total. */
export async function listSeries(
  db: Database,
  filter: SeriesFilter,
  sort: SeriesSort,
  page: number,
  perPage: number,
  now: Date,
): Promise<{ rows: SeriesRow[]; total: number }> {
  const conditions: SQL[] = [eq(series.isPublished, true)];
  if (filter.type) conditions.push(eq(series.type, filter.type));
  if (filter.status) conditions.push(eq(series.status, filter.status));
  if (filter.genre) {
    conditions.push(sql`exists (select 1 from ${seriesGenres} sg join ${genres} g on g.id = sg.genre_id
      where sg.series_id = ${series.id} and g.slug = ${filter.genre})`);
  }
  if (filter.premium === true) conditions.push(premiumChapterExists(now));
  if (filter.premium === false) conditions.push(sql`not ${premiumChapterExists(now)}`);
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(series)
      .where(where)
      .orderBy(...SORTS[sort], asc(series.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(series)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The newest published chapters of each series, `perSeries` each, in one query. */
export async function latestChaptersOf(db: Database, seriesIds: string[], perSeries: number, now: Date) {
  if (seriesIds.length === 0) return new Map<string, ChapterListRow[]>();
  const ranked = db
    .select({
      ...chapterListColumns,
      rank: sql<number>`row_number() over (partition by ${chapters.seriesId} order by ${chapters.publishedAt} desc, ${chapters.number} desc)`.as(
        'rank',
      ),
    })
    .from(chapters)
    .where(and(inArray(chapters.seriesId, seriesIds), sql`${chapters.publishedAt} <= ${at(now)}`))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perSeries}`);
  const bySeries = new Map<string, ChapterListRow[]>();
  for (const row of rows) {
    const list = bySeries.get(row.seriesId) ?? [];
    list.push(row);
    bySeries.set(row.seriesId, list);
  }
  for (const list of bySeries.values())
    list.sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) || b.number - a.number);
  return bySeries;
}

export async function findSeriesBySlug(db: Database, slug: string): Promise<SeriesRow | undefined> {
  const [row] = await db.select().from(series).where(eq(series.slug, slug)).limit(1);
  return row;
}

export async function findSeriesById(db: Database, id: string): Promise<SeriesRow | undefined> {
  const [row] = await db.select().from(series).where(eq(series.id, id)).limit(1);
  return row;
}

export async function genresOfSeries(db: Database, seriesId: string): Promise<GenreRow[]> {
  return db
    .select({
      id: genres.id,
      name: genres.name,
      slug: genres.slug,
      createdAt: genres.createdAt,
    })
    .from(seriesGenres)
    .innerJoin(genres, eq(genres.id, seriesGenres.genreId))
    .where(eq(seriesGenres.seriesId, seriesId))
    .orderBy(asc(genres.name));
}

/** Every chapter of a series that has a publication time (drafts excluded), newest number first. */
export async function chaptersOfSeries(db: Database, seriesId: string): Promise<ChapterListRow[]> {
  return db
    .select(chapterListColumns)
    .from(chapters)
    .where(and(eq(chapters.seriesId, seriesId), sql`${chapters.publishedAt} is not null`))
    .orderBy(desc(chapters.number));
}

export async function findChapter(db: Database, seriesId: string, slug: string): Promise<ChapterRow | undefined> {
  const [row] = await db
    .select()
    .from(chapters)
    .where(and(eq(chapters.seriesId, seriesId), eq(chapters.slug, slug)))
    .limit(1);
  return row;
}

export async function pagesOfChapter(db: Database, chapterId: string): Promise<PageRow[]> {
  return db.select().from(chapterPages).where(eq(chapterPages.chapterId, chapterId)).orderBy(asc(chapterPages.position));
}

export async function listGenres(db: Database): Promise<GenreRow[]> {
  return db.select().from(genres).orderBy(asc(genres.name));
}

/** Banners a visitor sees: active, with an image, inside their window. */
export async function activeBanners(db: Database, now: Date): Promise<BannerRow[]> {
  return db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.isActive, true),
        sql`${banners.imageKey} is not null`,
        sql`(${banners.startsAt} is null or ${banners.startsAt} <= ${at(now)})`,
        sql`(${banners.endsAt} is null or ${banners.endsAt} > ${at(now)})`,
      ),
    )
    .orderBy(asc(banners.position), desc(banners.createdAt));
}

/** How alike a word must be to count as a near match (pg_trgm word similarity). */
export const SEARCH_SIMILARITY = 0.4;

/** Escapes LIKE's wildcards so a search for "100%" means the characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * DESIGN §5 search: substring matches and near matches (pg_trgm word similarity, which forgives
 * small typos), both served by the trigram index on search_text. Exact titles rank first, then
 * prefixes, then by similarity.
 */
export async function searchSeries(db: Database, text: string, limit: number): Promise<SeriesRow[]> {
  const q = text.toLowerCase();
  const contains = `%${escapeLike(q)}%`;
  return db.transaction(async (tx) => {
    // The default (0.6) misses one typo in a short word; 0.4 still ranks noise low.
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SEARCH_SIMILARITY)}, true)`);
    return tx
      .select()
      .from(series)
      .where(and(eq(series.isPublished, true), sql`(${series.searchText} like ${contains} or ${q} <% ${series.searchText})`))
      .orderBy(
        sql`(lower(${series.title}) = ${q}) desc`,
        sql`(${series.searchText} like ${`${escapeLike(q)}%`}) desc`,
        sql`word_similarity(${q}, ${series.searchText}) desc`,
        asc(series.title),
      )
      .limit(limit);
  });
}

/** Keeps series.last_chapter_at true: the newest chapter published by `now`. */
export async function refreshLastChapterAt(db: Database, seriesIds: string[], now: Date): Promise<void> {
  if (seriesIds.length === 0) return;
  await db
    .update(series)
    .set({
      lastChapterAt: sql`(select max(c.published_at) from ${chapters} c where c.series_id = ${series.id} and c.published_at <= ${at(now)})`,
    })
    .where(inArray(series.id, seriesIds));
}

/** Series with a chapter whose publication time fell in (since, now]. */
export async function seriesWithChaptersDue(db: Database, since: Date, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ seriesId: chapters.seriesId })
    .from(chapters)
    .where(and(sql`${chapters.publishedAt} > ${at(since)}`, sql`${chapters.publishedAt} <= ${at(now)}`));
  return rows.map((row) => row.seriesId);
}

/** Series whose newest published chapter is newer than their last_chapter_at (chapters that came due while the server was down). */
export async function seriesWithStaleLatest(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: series.id })
    .from(series)
    .where(
      sql`exists (select 1 from ${chapters} c where c.series_id = ${series.id} and c.published_at <= ${at(now)}
        and c.published_at > coalesce(${series.lastChapterAt}, '-infinity'::timestamptz))`,
    );
  return rows.map((row) => row.id);
}
