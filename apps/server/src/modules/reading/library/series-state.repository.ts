import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { bookmarks, readingProgress } from '../../../db/schema';
import { chapterIsOut, chapterLinkColumns, joinChapter, nextChapterOutJson } from '../../catalogue/chapters';
import { seriesIsPublishedOf } from '../../catalogue/series';
import type { ContinueRow, ProgressRow } from './library.repository';

/**
 * A reader's state in one series, in ONE statement (issue 40): whether the series is published,
 * whether they follow it, their rows in its chapters, and where they pick up. A signed-in reader's
 * series page runs it on every request (their part of the page shared by their class), where five
 * queries (the series, the rows, the furthest chapter, the next one, the bookmark) made the page
 * 6 % as fast as a visitor's. `continuePoints` gives the same point for many series at once.
 *
 * One row per progress row, or one row of nulls when there is none; the series' and bookmark's
 * answers are on every row. The next chapter is looked up only on the row of the furthest chapter
 * out, and only when that one is completed.
 */
function seriesStateQuery(db: Database, userId: string, seriesId: string, now: Date) {
  const isOut = chapterIsOut(now);
  const furthestOut = sql`max(case when ${isOut} then ${chapterLinkColumns.chapterNumber} end) over ()`;
  return db
    .select({
      isPublished: sql<boolean | null>`${seriesIsPublishedOf(seriesId)}`,
      bookmarked: sql<boolean>`exists (select 1 from ${bookmarks} where ${bookmarks.userId} = ${userId} and ${bookmarks.seriesId} = ${seriesId})`,
      progress: readingProgress,
      ...chapterLinkColumns,
      isFurthestOut: sql<boolean | null>`${isOut} and ${chapterLinkColumns.chapterNumber} = ${furthestOut}`,
      next: sql<unknown>`case when ${readingProgress.completed} and ${isOut} and ${chapterLinkColumns.chapterNumber} = ${furthestOut}
        then ${nextChapterOutJson(seriesId, chapterLinkColumns.chapterNumber, now)} end`,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(readingProgress, and(eq(readingProgress.userId, userId), eq(readingProgress.seriesId, seriesId)))
    .leftJoin(...joinChapter(readingProgress.chapterId));
}

export interface SeriesState {
  /** Null when there is no such series. */
  isPublished: boolean | null;
  bookmarked: boolean;
  rows: ProgressRow[];
  /** Where the reader picks up, as `continuePoints` says it; undefined when nothing is to continue. */
  point: ContinueRow | undefined;
}

export async function seriesStateOf(db: Database, userId: string, seriesId: string, now: Date): Promise<SeriesState> {
  const found = await seriesStateQuery(db, userId, seriesId, now);
  const first = found[0];
  const rows = found.flatMap((row) => (row.progress ? [row.progress] : []));
  let point: ContinueRow | undefined;
  const furthest = found.find((row) => row.progress && row.isFurthestOut);
  if (furthest?.progress && furthest.chapterSlug !== null && furthest.chapterNumber !== null) {
    if (!furthest.progress.completed) {
      point = {
        seriesId,
        chapterSlug: furthest.chapterSlug,
        chapterNumber: furthest.chapterNumber,
        page: furthest.progress.page,
        position: furthest.progress.position,
      };
    } else {
      // json: an object from node-postgres and PGlite; text from a driver that does not parse it.
      const next = (typeof furthest.next === 'string' ? JSON.parse(furthest.next) : furthest.next) as {
        slug: string;
        number: number | string;
      } | null;
      if (next) point = { seriesId, chapterSlug: next.slug, chapterNumber: Number(next.number), page: null, position: null };
    }
  }
  return { isPublished: first?.isPublished ?? null, bookmarked: first?.bookmarked === true, rows, point };
}
