import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { bookmarks, readingPlaces, readingProgress } from '../../../../db/schema';
import { chapterHeadingColumns, joinChapter } from '../../../catalogue/chapters';
import { joinSeries, seriesLinkColumns } from '../../../catalogue/series';

/**
 * A reader's bookmarks, every chapter's progress (their history) and each device's place in it
 * (issue 39 §1), for their export (issue 36 §3).
 */
export async function libraryForExport(db: Database, userId: string) {
  const [followed, progress, places] = await Promise.all([
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
    db
      .select({
        chapterId: readingPlaces.chapterId,
        deviceName: readingPlaces.deviceName,
        app: readingPlaces.app,
        page: readingPlaces.page,
        position: readingPlaces.position,
        updatedAt: readingPlaces.updatedAt,
      })
      .from(readingPlaces)
      .where(eq(readingPlaces.userId, userId))
      .orderBy(desc(readingPlaces.updatedAt)),
  ]);
  return { bookmarks: followed, progress, places };
}
