import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { chapters, series } from '../../../db/schema';

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
