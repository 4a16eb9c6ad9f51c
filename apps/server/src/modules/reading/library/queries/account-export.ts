import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { bookmarks, readingProgress } from '../../../../db/schema';
import { chapterHeadingColumns, joinChapter } from '../../../catalogue/chapters';
import { joinSeries, seriesLinkColumns } from '../../../catalogue/series';

/** A reader's bookmarks and every chapter's progress (their history), for their export (issue 36 §3). */
export async function libraryForExport(db: Database, userId: string) {
  const [followed, progress] = await Promise.all([
    db
      .select({ series: seriesLinkColumns, since: bookmarks.createdAt })
      .from(bookmarks)
      .innerJoin(...joinSeries(bookmarks.seriesId))
      .where(eq(bookmarks.userId, userId))
      .orderBy(asc(bookmarks.createdAt)),
    db
      .select({
        series: seriesLinkColumns,
        chapter: chapterHeadingColumns,
        page: readingProgress.page,
        position: readingProgress.position,
        completed: readingProgress.completed,
        inHistory: readingProgress.inHistory,
        readAt: readingProgress.readAt,
        finishedAt: readingProgress.finishedAt,
      })
      .from(readingProgress)
      .innerJoin(...joinChapter(readingProgress.chapterId))
      .innerJoin(...joinSeries(readingProgress.seriesId))
      .where(eq(readingProgress.userId, userId))
      .orderBy(desc(readingProgress.readAt)),
  ]);
  return { bookmarks: followed, progress };
}
