import { count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { chapterPages, chapters, series } from '../../../db/schema';

/** A chapter by its id, with the slugs that name its page and its series' kind. */
export async function findChapterRef(db: Database, chapterId: string) {
  const [row] = await db
    .select({ id: chapters.id, slug: chapters.slug, seriesSlug: series.slug, seriesType: series.type })
    .from(chapters)
    .innerJoin(series, eq(series.id, chapters.seriesId))
    .where(eq(chapters.id, chapterId))
    .limit(1);
  return row;
}

/** How many pages each of these chapters has (chapter_pages' chapter index). */
export async function pageCounts(db: Database, chapterIds: string[]): Promise<Map<string, number>> {
  if (chapterIds.length === 0) return new Map();
  const rows = await db
    .select({ chapterId: chapterPages.chapterId, n: count() })
    .from(chapterPages)
    .where(inArray(chapterPages.chapterId, chapterIds))
    .groupBy(chapterPages.chapterId);
  return new Map(rows.map((row) => [row.chapterId, row.n]));
}
