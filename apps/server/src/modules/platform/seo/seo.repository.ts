import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { at } from '../../../db/sql';
import { announcements, chapters, series, seriesEditions } from '../../../db/schema';
import { chapterIsOut } from '../../catalogue/chapters';
import { seriesShown } from '../../catalogue/series';

/** Search engines are visitors: no series marked Adult is listed for them (issue 36 §4). */
const shownToCrawlers = () => seriesShown({ adult: false });

export async function sitemapSeries(db: Database, limit: number) {
  return db
    .select({
      id: series.id,
      slug: series.slug,
      updatedAt: series.updatedAt,
      lastChapterAt: series.lastChapterAt,
      originalLanguage: series.originalLanguage,
    })
    .from(series)
    .where(shownToCrawlers())
    .orderBy(asc(series.slug))
    .limit(limit);
}

export async function sitemapChapters(db: Database, now: Date, limit: number) {
  return db
    .select({ seriesSlug: series.slug, slug: chapters.slug, updatedAt: chapters.updatedAt })
    .from(chapters)
    .innerJoin(series, eq(series.id, chapters.seriesId))
    .where(and(shownToCrawlers(), chapterIsOut(now)))
    .orderBy(asc(series.slug), asc(chapters.number))
    .limit(limit);
}

/** Published announcements, newest first. */
export async function sitemapAnnouncements(db: Database, now: Date, limit: number) {
  return db
    .select({ slug: announcements.slug, updatedAt: announcements.updatedAt })
    .from(announcements)
    .where(sql`${announcements.publishedAt} <= ${at(now)}`)
    .orderBy(desc(announcements.publishedAt))
    .limit(limit);
}

/** The translated editions of these series (issue 35 §2), by series. */
export async function sitemapEditions(db: Database, seriesIds: string[]): Promise<Map<string, string[]>> {
  const bySeries = new Map<string, string[]>();
  if (seriesIds.length === 0) return bySeries;
  const rows = await db
    .select({ seriesId: seriesEditions.seriesId, language: seriesEditions.language })
    .from(seriesEditions)
    .where(inArray(seriesEditions.seriesId, seriesIds))
    .orderBy(asc(seriesEditions.language));
  for (const row of rows) bySeries.set(row.seriesId, [...(bySeries.get(row.seriesId) ?? []), row.language]);
  return bySeries;
}
