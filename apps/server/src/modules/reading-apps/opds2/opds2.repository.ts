import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { chapterUnlocks, chapters, series } from '../../../db/schema';
import { chapterForSale, chapterIsOut } from '../../catalogue/chapters';

const shelfColumns = {
  id: chapters.id,
  slug: chapters.slug,
  number: chapters.number,
  title: chapters.title,
  publishedAt: chapters.publishedAt,
  price: chapters.price,
  freeAt: chapters.freeAt,
  series: {
    id: series.id,
    slug: series.slug,
    title: series.title,
    type: series.type,
    author: series.author,
    artist: series.artist,
    coverKey: series.coverKey,
    coverWidth: series.coverWidth,
    coverHeight: series.coverHeight,
  },
};
export type ShelfRow = Awaited<ReturnType<typeof shelfPage>>['rows'][number];

/**
 * The chapters out that a reader has unlocked with coins, and with a premium pass every priced
 * chapter not yet free (what the pass reads), newest first, a page at a time.
 */
export async function shelfPage(db: Database, userId: string, hasPremiumPass: boolean, now: Date, page: number, perPage: number) {
  const unlocked = inArray(
    chapters.id,
    db.select({ id: chapterUnlocks.chapterId }).from(chapterUnlocks).where(eq(chapterUnlocks.userId, userId)),
  );
  const byPass = chapterForSale(now);
  const where = and(eq(series.isPublished, true), chapterIsOut(now), hasPremiumPass ? or(unlocked, byPass) : unlocked);
  const [rows, [count]] = await Promise.all([
    db
      .select(shelfColumns)
      .from(chapters)
      .innerJoin(series, eq(series.id, chapters.seriesId))
      .where(where)
      .orderBy(desc(chapters.publishedAt), desc(chapters.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(chapters)
      .innerJoin(series, eq(series.id, chapters.seriesId))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
