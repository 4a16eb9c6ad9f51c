import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { listCountQuery } from '../../../db/list-counts';
import { escapeLike } from '../../../db/sql';
import { series } from '../../../db/schema';
import type { NewSeries } from './commands/series';
import type { SeriesRow } from './series.sql';

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
const teamWhere = (q: string | undefined, onlyIds?: readonly string[]) => {
  // A series' team member (issue 37 §3) lists only the series whose team they are on.
  const theirs = onlyIds ? inArray(series.id, [...onlyIds]) : undefined;
  if (!q) return theirs;
  const like = `%${escapeLike(q)}%`;
  const inTitle = sql`(${series.searchText} ilike ${like} and ${series.title} ilike ${like})`;
  return and(theirs, or(inTitle, eq(series.slug, q.toLowerCase())));
};

/** Newest edit first, exactly as series_updated_idx is declared. */
const lastEditedFirst = [sql`${series.updatedAt} desc nulls last`, asc(series.id)];

/**
 * The team's list query, newest edit first, as issued: the page's series are chosen on
 * series_updated_idx first, and only those twenty get their chapters counted.
 */
export function teamSeriesPageQuery(
  db: Database,
  q: string | undefined,
  page: number,
  perPage: number,
  onlyIds?: readonly string[],
) {
  const pageIds = db
    .select({ id: series.id })
    .from(series)
    .where(teamWhere(q, onlyIds))
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
export function teamSeriesCountQuery(db: Database, q: string | undefined, onlyIds?: readonly string[]) {
  if (!q && !onlyIds) return listCountQuery(db, 'series', ['']);
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(series)
    .where(teamWhere(q, onlyIds));
}

export async function listTeamSeries(
  db: Database,
  q: string | undefined,
  page: number,
  perPage: number,
  onlyIds?: readonly string[],
) {
  const [rows, [count]] = await Promise.all([
    teamSeriesPageQuery(db, q, page, perPage, onlyIds),
    teamSeriesCountQuery(db, q, onlyIds),
  ]);
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

export async function updateSeries(db: Database, id: string, values: Partial<NewSeries>): Promise<void> {
  await db.update(series).set(values).where(eq(series.id, id));
}

export async function deleteSeries(db: Database, id: string): Promise<SeriesRow | undefined> {
  const [row] = await db.delete(series).where(eq(series.id, id)).returning();
  return row;
}
