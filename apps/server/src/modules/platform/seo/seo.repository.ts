import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { at } from '../../../db/sql';
import { announcements, chapters, series } from '../../../db/schema';
import { chapterIsOut } from '../../catalogue/chapters';

export async function sitemapSeries(db: Database, limit: number) {
  return db
    .select({ slug: series.slug, updatedAt: series.updatedAt, lastChapterAt: series.lastChapterAt })
    .from(series)
    .where(eq(series.isPublished, true))
    .orderBy(asc(series.slug))
    .limit(limit);
}

export async function sitemapChapters(db: Database, now: Date, limit: number) {
  return db
    .select({ seriesSlug: series.slug, slug: chapters.slug, updatedAt: chapters.updatedAt })
    .from(chapters)
    .innerJoin(series, eq(series.id, chapters.seriesId))
    .where(and(eq(series.isPublished, true), chapterIsOut(now)))
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
