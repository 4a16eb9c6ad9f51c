import { and, count, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { chapterPages } from '../../../../db/schema';

/** How many pages each of these chapters has in the original (chapter_pages' chapter index): the OPDS feeds' page streams. */
export async function pageCounts(db: Database, chapterIds: string[]): Promise<Map<string, number>> {
  if (chapterIds.length === 0) return new Map();
  const rows = await db
    .select({ chapterId: chapterPages.chapterId, n: count() })
    .from(chapterPages)
    .where(and(inArray(chapterPages.chapterId, chapterIds), isNull(chapterPages.language)))
    .groupBy(chapterPages.chapterId);
  return new Map(rows.map((row) => [row.chapterId, row.n]));
}
