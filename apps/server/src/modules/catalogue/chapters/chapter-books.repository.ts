import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { chapters } from '../../../db/schema';
import { joinSeries, seriesBookColumns } from '../series';

/**
 * A chapter with what a book made of it says of it and of its series (downloads' CBZ and EPUB
 * files, and the OPDS 2 feed's chapter a file belongs to), or undefined when there is none.
 */
export async function findChapterForFile(db: Database, chapterId: string) {
  const [row] = await db
    .select({
      id: chapters.id,
      slug: chapters.slug,
      number: chapters.number,
      title: chapters.title,
      publishedAt: chapters.publishedAt,
      series: seriesBookColumns,
    })
    .from(chapters)
    .innerJoin(...joinSeries(chapters.seriesId))
    .where(eq(chapters.id, chapterId))
    .limit(1);
  return row;
}
