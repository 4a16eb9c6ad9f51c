import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { totalOfPage } from '../../../db/sql';
import { libraryVersions, readingProgress } from '../../../db/schema';
import { chapterHeadingColumns, joinChapter } from '../../catalogue/chapters';
import { joinSeries, seriesCardColumns } from '../../catalogue/series';
import { isChapterOut, isSeriesPublished } from './library.repository';

// A reader's history: the chapters they opened, newest first, and home's "Continue reading" row.

/*
 * A reader's history is read off reading_progress_history_idx alone (user, newest first, with the
 * chapter and series in the index), so its cost follows the size of that reader's history, not the
 * catalogue's. What is no longer out is left out by two anti-joins against small sets: the
 * chapters not out (drafts and scheduled ones, chapters_published_idx) and the unpublished series
 * (series_unpublished_idx). Joining every entry to its chapter to check it instead cost a lookup
 * per entry: 60–80 ms for a reader with 5,000 entries on a catalogue of a million chapters.
 * query-plans.test.ts explains these queries.
 */

/** A reader's history entries that are still out, on the history index alone. */
const historyWhere = (userId: string, now: Date) =>
  and(
    eq(readingProgress.userId, userId),
    eq(readingProgress.inHistory, true),
    isChapterOut(readingProgress.chapterId, now),
    isSeriesPublished(readingProgress.seriesId),
  );

const historyColumns = {
  series: seriesCardColumns,
  chapter: chapterHeadingColumns,
  page: readingProgress.page,
  position: readingProgress.position,
  completed: readingProgress.completed,
  readAt: readingProgress.readAt,
};

/** The chapters and series of one page of entries, looked up for that page only. */
function historyOf(db: Database, userId: string, entries: SQL) {
  return db
    .select(historyColumns)
    .from(readingProgress)
    .innerJoin(...joinChapter(readingProgress.chapterId))
    .innerJoin(...joinSeries(readingProgress.seriesId))
    .where(and(eq(readingProgress.userId, userId), sql`${readingProgress.chapterId} in ${entries}`))
    .orderBy(desc(readingProgress.readAt), asc(readingProgress.chapterId));
}

/** One page of the chapter ids of a reader's history, newest first. */
function historyEntriesQuery(db: Database, userId: string, page: number, perPage: number, now: Date) {
  return db
    .select({ chapterId: readingProgress.chapterId })
    .from(readingProgress)
    .where(historyWhere(userId, now))
    .orderBy(desc(readingProgress.readAt), asc(readingProgress.chapterId))
    .limit(perPage)
    .offset((page - 1) * perPage);
}

/** One page of a reader's history, newest first. Chapters and series no longer out are left out. */
export function historyPageQuery(db: Database, userId: string, page: number, perPage: number, now: Date) {
  return historyOf(db, userId, sql`(${historyEntriesQuery(db, userId, page, perPage, now)})`);
}
export type HistoryRow = Awaited<ReturnType<typeof historyPageQuery>>[number];

export function historyCountQuery(db: Database, userId: string, now: Date) {
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(readingProgress)
    .where(historyWhere(userId, now));
}

export async function listHistory(db: Database, userId: string, page: number, perPage: number, now: Date) {
  const [rows, [count]] = await Promise.all([
    historyPageQuery(db, userId, page, perPage, now),
    historyCountQuery(db, userId, now),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/**
 * Each series' most recent entry that is out, newest first (home's "Continue reading" row): the
 * history index's entries sorted by series, so the cost is one sort of the reader's history.
 */
function latestBySeries(db: Database, userId: string, now: Date) {
  return db
    .selectDistinctOn([readingProgress.seriesId], {
      chapterId: readingProgress.chapterId,
      readAt: readingProgress.readAt,
    })
    .from(readingProgress)
    .where(historyWhere(userId, now))
    .orderBy(readingProgress.seriesId, desc(readingProgress.readAt))
    .as('latest');
}

/**
 * One page of the chapter ids of the history with one entry per series, newest first, each row
 * with how many series the history holds: counted over the same sorted entries (a window before
 * the limit) instead of reading the reader's history a second time.
 */
function historyBySeriesEntriesQuery(db: Database, userId: string, page: number, perPage: number, now: Date) {
  const latest = latestBySeries(db, userId, now);
  return db
    .select({ chapterId: latest.chapterId, total: sql<number>`(count(*) over ())::int`.as('total') })
    .from(latest)
    .orderBy(desc(latest.readAt), asc(latest.chapterId))
    .limit(perPage)
    .offset((page - 1) * perPage);
}

/** The history with only each series' most recent chapter (home's "Continue reading" row), with the count of series, as issued. */
export function historyBySeriesPageQuery(db: Database, userId: string, page: number, perPage: number, now: Date) {
  const entries = historyBySeriesEntriesQuery(db, userId, page, perPage, now).as('entries');
  return db
    .select({ ...historyColumns, total: entries.total })
    .from(readingProgress)
    .innerJoin(entries, eq(entries.chapterId, readingProgress.chapterId))
    .innerJoin(...joinChapter(readingProgress.chapterId))
    .innerJoin(...joinSeries(readingProgress.seriesId))
    .where(eq(readingProgress.userId, userId))
    .orderBy(desc(readingProgress.readAt), asc(readingProgress.chapterId));
}

export function historySeriesCountQuery(db: Database, userId: string, now: Date) {
  return db
    .select({ total: sql<number>`count(distinct ${readingProgress.seriesId})::int` })
    .from(readingProgress)
    .where(historyWhere(userId, now));
}

export async function listHistoryBySeries(db: Database, userId: string, page: number, perPage: number, now: Date) {
  const found = await historyBySeriesPageQuery(db, userId, page, perPage, now);
  const rows: HistoryRow[] = found.map(({ total: _total, ...row }) => row);
  const total = await totalOfPage(found, page, async () => (await historySeriesCountQuery(db, userId, now))[0]?.total ?? 0);
  return { rows, total };
}

/** Takes chapters out of the history; their progress and read marks stay. */
export async function hideFromHistory(db: Database, userId: string, chapterId?: string): Promise<number> {
  const rows = await db
    .update(readingProgress)
    .set({ inHistory: false })
    .where(
      and(
        eq(readingProgress.userId, userId),
        eq(readingProgress.inHistory, true),
        chapterId ? eq(readingProgress.chapterId, chapterId) : undefined,
      ),
    )
    .returning({ chapterId: readingProgress.chapterId });
  return rows.length;
}

/** The reader's library version (moved by every change of their progress: migration 0022); 0 before the first. */
export async function libraryVersionOf(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ version: libraryVersions.version })
    .from(libraryVersions)
    .where(eq(libraryVersions.userId, userId));
  return row?.version ?? 0;
}
