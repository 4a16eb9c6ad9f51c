import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { comments } from '../../../../db/schema';
import { chapterLinkColumns } from '../../../catalogue/chapters';
import { joinSeries, seriesLinkColumns } from '../../../catalogue/series';
import { joinChapter } from '../../../catalogue/chapters';

/** Every comment a reader wrote, hidden ones too, for their export (issue 36 §3). */
export function commentsForExport(db: Database, userId: string) {
  return db
    .select({
      id: comments.id,
      series: seriesLinkColumns,
      chapter: chapterLinkColumns,
      parentId: comments.parentId,
      body: comments.body,
      isSpoiler: comments.isSpoiler,
      hiddenAt: comments.hiddenAt,
      createdAt: comments.createdAt,
      editedAt: comments.editedAt,
    })
    .from(comments)
    .innerJoin(...joinSeries(comments.seriesId))
    .leftJoin(...joinChapter(comments.chapterId))
    .where(eq(comments.userId, userId))
    .orderBy(desc(comments.createdAt));
}
