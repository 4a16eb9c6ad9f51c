import { and, asc, eq, getTableColumns, gt, sql, type SQL } from 'drizzle-orm';
import type { SeriesSort, SeriesStatus, SeriesType } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { at } from '../../../db/sql';
import { chapters, dailyViews, genres, NIL_UUID, series, seriesGenres } from '../../../db/schema';
import { chapterForSale, chapterIsOut } from '../chapters';
import { matchesSearch, relevance, type SeriesRow, seriesShown, setSearchSimilarity } from '../series';

/*
 * The public lists of published series (/comics, /novels, /premium, /browse, home's rows). They
 * filter by genre, by chapters for sale and order by the week's views, so they live in the read
 * model, which may join genres, chapters and metrics' daily_views (decision 0036); `series` keeps
 * its own rows' rules (search, relevance).
 */

export interface SeriesFilter {
  type?: SeriesType;
  genre?: string;
  status?: SeriesStatus;
  premium?: boolean;
  /** A search over title and alternative names (as the top bar's, with near matches). */
  q?: string;
  /** Series marked Adult are among them (a reader who opted in, on a site that carries them: issue 36 §4). */
  adult?: boolean;
}

/** A chapter someone still has to pay for, right now (read on chapters_priced_idx). */
const premiumChapterExists = (now: Date) => sql`exists (
  select 1 from ${chapters} c where c.series_id = ${series.id} and ${chapterIsOut(now, 'c')} and ${chapterForSale(now, 'c')})`;

/** Each order matches an index of series (drizzle's indexes sort descending with nulls last). */
const SORTS: Record<Exclude<SeriesSort, 'relevance' | 'trending'>, SQL[]> = {
  latest: [sql`${series.lastChapterAt} desc nulls last`, sql`${series.createdAt} desc nulls last`],
  popular: [sql`${series.views} desc nulls last`, asc(series.title)],
  new: [sql`${series.createdAt} desc nulls last`],
  title: [asc(series.title)],
};

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

function publishedWhere(filter: SeriesFilter, now: Date) {
  const conditions: SQL[] = [seriesShown({ adult: filter.adult === true })];
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
