import { and, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { at } from '../../../db/sql';
import { bookmarks, readingProgress } from '../../../db/schema';
import { chapterIsNotOut, chapterIsOut, chapterLinkColumns, joinChapter, nextChaptersOut } from '../../catalogue/chapters';

export type ProgressRow = typeof readingProgress.$inferSelect;

/*
 * What is no longer out is left out by anti-joins (`not exists`), never by `x not in (select …)`:
 * on tables loaded in bulk and not yet analysed the planner took the subquery's set for a large one
 * and scanned it once per row (21 s where 1 ms was due, issue 34 §4); an anti-join is planned as a
 * join whatever the estimate. The ids compared are primary keys and columns that are never null,
 * so both forms mean the same.
 */

/** `chapterId`'s chapter is out at `now`: not a draft nor a scheduled one (those are a few, on chapters_published_idx). */
export const isChapterOut = (chapterId: SQL | AnyColumn, now: Date) =>
  sql`not exists (select 1 from chapters c where c.id = ${chapterId} and ${chapterIsNotOut(now, 'c')})`;

/** `seriesId`'s series is published (the unpublished ones are a few, on series_unpublished_idx). */
export const isSeriesPublished = (seriesId: SQL | AnyColumn) =>
  sql`not exists (select 1 from series s where s.id = ${seriesId} and not s.is_published)`;

// Bookmarks.

export async function insertBookmark(db: Database, userId: string, seriesId: string, now: Date): Promise<void> {
  await db.insert(bookmarks).values({ userId, seriesId, createdAt: now }).onConflictDoNothing();
}

export async function deleteBookmark(db: Database, userId: string, seriesId: string): Promise<void> {
  await db.delete(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.seriesId, seriesId)));
}

// Progress.

export interface ProgressWrite {
  userId: string;
  chapterId: string;
  seriesId: string;
  page: number | null;
  position: number | null;
  completed: boolean;
  readAt: Date;
  /** Kept from the reader's first opening of the chapter: from then, reaching its end counts as reading it. */
  finishCountsAt: Date;
}

/**
 * The first time the reader reaches the end at or after their row's `finishCountsAt`, by the
 * server's clock (`now`), never moved after: what the month close counts (decision 0030).
 */
const firstFinish = (now: Date) =>
  sql`coalesce(${readingProgress.finishedAt}, case when excluded.completed and ${at(now)} >= ${readingProgress.finishCountsAt} then ${at(now)} end)`;

/**
 * A reading of a chapter from the reader itself: where they are now (a value not sent keeps the
 * one saved), opened now, back in the history. A completed chapter stays completed.
 */
export async function saveProgress(db: Database, write: ProgressWrite, now: Date): Promise<ProgressRow> {
  const [row] = await db
    .insert(readingProgress)
    .values({ ...write, inHistory: true })
    .onConflictDoUpdate({
      target: [readingProgress.userId, readingProgress.chapterId],
      set: {
        page: sql`coalesce(excluded.page, ${readingProgress.page})`,
        position: sql`coalesce(excluded.position, ${readingProgress.position})`,
        completed: sql`${readingProgress.completed} or excluded.completed`,
        readAt: sql`excluded.read_at`,
        inHistory: true,
        finishedAt: firstFinish(now),
      },
    })
    .returning();
  if (!row) throw new Error('upsert into reading_progress returned nothing');
  return row;
}

/**
 * Entries kept in a browser before signing in, merged into the account in one statement: the
 * furthest page and position, the most recent time, and completed if either says so.
 */
export async function mergeProgress(db: Database, writes: ProgressWrite[], now: Date): Promise<number> {
  if (writes.length === 0) return 0;
  const rows = await db
    .insert(readingProgress)
    .values(writes.map((write) => ({ ...write, inHistory: true })))
    .onConflictDoUpdate({
      target: [readingProgress.userId, readingProgress.chapterId],
      set: {
        page: sql`greatest(excluded.page, ${readingProgress.page})`,
        position: sql`greatest(excluded.position, ${readingProgress.position})`,
        completed: sql`${readingProgress.completed} or excluded.completed`,
        readAt: sql`greatest(excluded.read_at, ${readingProgress.readAt})`,
        inHistory: true,
        finishedAt: firstFinish(now),
      },
    })
    .returning({ chapterId: readingProgress.chapterId });
  return rows.length;
}

/**
 * A write from an app that says when it was made (OPDS progression, KOReader): it replaces the
 * place only when it is newer than the one kept (last write wins on its time); read stays read.
 * Answers whether it was taken.
 */
export async function writeProgressIfNewer(db: Database, write: ProgressWrite, now: Date): Promise<boolean> {
  const rows = await db
    .insert(readingProgress)
    .values({ ...write, inHistory: true })
    .onConflictDoUpdate({
      target: [readingProgress.userId, readingProgress.chapterId],
      set: {
        page: sql`excluded.page`,
        position: sql`excluded.position`,
        completed: sql`${readingProgress.completed} or excluded.completed`,
        readAt: sql`excluded.read_at`,
        inHistory: true,
        finishedAt: firstFinish(now),
      },
      setWhere: sql`excluded.read_at > ${readingProgress.readAt}`,
    })
    .returning({ chapterId: readingProgress.chapterId });
  return rows.length > 0;
}

/** The reader's place in one chapter, if they have one. */
export async function findProgress(db: Database, userId: string, chapterId: string): Promise<ProgressRow | undefined> {
  const [row] = await db
    .select()
    .from(readingProgress)
    .where(and(eq(readingProgress.userId, userId), eq(readingProgress.chapterId, chapterId)))
    .limit(1);
  return row;
}

/** Every chapter of one series the reader has progress on (reading_progress_user_series_idx). */
export function progressOfSeriesQuery(db: Database, userId: string, seriesId: string) {
  return db
    .select()
    .from(readingProgress)
    .where(and(eq(readingProgress.userId, userId), eq(readingProgress.seriesId, seriesId)));
}

/** The furthest published chapter (by number) a reader opened in each of some series. */
export function furthestChaptersQuery(db: Database, userId: string, seriesIds: string[], now: Date) {
  return db
    .selectDistinctOn([readingProgress.seriesId], {
      seriesId: readingProgress.seriesId,
      ...chapterLinkColumns,
      page: readingProgress.page,
      position: readingProgress.position,
      completed: readingProgress.completed,
    })
    .from(readingProgress)
    .innerJoin(...joinChapter(readingProgress.chapterId))
    .where(and(eq(readingProgress.userId, userId), inArray(readingProgress.seriesId, seriesIds), chapterIsOut(now)))
    .orderBy(readingProgress.seriesId, desc(chapterLinkColumns.chapterNumber));
}

export interface ContinueRow {
  seriesId: string;
  chapterSlug: string;
  chapterNumber: number;
  page: number | null;
  position: number | null;
}

/**
 * Where each series picks up for a reader: the furthest published chapter (by number) they
 * opened, where they were in it; when that one is completed, the next published chapter from its
 * start. Re-reading an older chapter never moves it back. Series with nothing to continue (never
 * opened, or read to the last chapter out) are absent.
 */
export async function continuePoints(
  db: Database,
  userId: string,
  seriesIds: string[],
  now: Date,
): Promise<Map<string, ContinueRow>> {
  const points = new Map<string, ContinueRow>();
  if (seriesIds.length === 0) return points;
  const furthest = await furthestChaptersQuery(db, userId, seriesIds, now);

  const finished = furthest.filter((row) => row.completed);
  for (const { completed, ...row } of furthest) if (!completed) points.set(row.seriesId, row);
  if (finished.length === 0) return points;

  const next = await nextChaptersOut(db, finished, now);
  for (const row of next) points.set(row.seriesId, { ...row, page: null, position: null });
  return points;
}
