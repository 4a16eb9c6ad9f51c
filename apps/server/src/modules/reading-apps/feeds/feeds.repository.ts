import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { chapters, series } from '../../../db/schema';
import { chapterIsOut } from '../../catalogue/chapters';
import { seriesShown } from '../../catalogue/series';

/** What a feed's item shows of a chapter and its series. */
const itemColumns = {
  id: chapters.id,
  slug: chapters.slug,
  number: chapters.number,
  title: chapters.title,
  publishedAt: chapters.publishedAt,
  updatedAt: chapters.updatedAt,
  price: chapters.price,
  freeAt: chapters.freeAt,
  content: chapters.content,
  previewPercent: chapters.previewPercent,
  /** The language the chapter is written in (issue 35 §2): its items' dc:language. */
  language: chapters.language,
  seriesId: series.id,
  seriesSlug: series.slug,
  seriesTitle: series.title,
  seriesType: series.type,
  author: series.author,
  artist: series.artist,
  coverKey: series.coverKey,
  coverWidth: series.coverWidth,
  coverHeight: series.coverHeight,
};
export type FeedItemRow = Awaited<ReturnType<typeof latestChapters>>[number];

/** Feed readers are visitors: no series marked Adult is in a feed (issue 36 §4). */
const isOut = (now: Date) => and(seriesShown({ adult: false }), chapterIsOut(now));

/** The newest chapters out on the whole site (chapters_published_idx, read backwards). */
export function latestChapters(db: Database, now: Date, limit: number) {
  return db
    .select(itemColumns)
    .from(chapters)
    .innerJoin(series, eq(series.id, chapters.seriesId))
    .where(isOut(now))
    .orderBy(desc(chapters.publishedAt), desc(chapters.number))
    .limit(limit);
}

/** The newest chapters out of one series (chapters_series_published_idx). */
export function latestChaptersOfSeries(db: Database, seriesId: string, now: Date, limit: number) {
  return db
    .select(itemColumns)
    .from(chapters)
    .innerJoin(series, eq(series.id, chapters.seriesId))
    .where(and(eq(chapters.seriesId, seriesId), isOut(now)))
    .orderBy(desc(chapters.publishedAt), desc(chapters.number))
    .limit(limit);
}

/** A published series by its slug, as a feed's head shows it. */
export async function findFeedSeries(db: Database, slug: string) {
  const [row] = await db
    .select({
      id: series.id,
      slug: series.slug,
      title: series.title,
      description: series.description,
      updatedAt: series.updatedAt,
    })
    .from(series)
    .where(and(eq(series.slug, slug), seriesShown({ adult: false })))
    .limit(1);
  return row;
}
