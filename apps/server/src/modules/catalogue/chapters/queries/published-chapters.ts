import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { chapters } from '../../../../db/schema';
import { chapterIsOut } from '../chapter-predicates';
import { chapterListColumns, type ChapterListRow, type ChapterRow } from '../chapters.sql';

// A series' chapters as readers' pages list them: the catalogue's series and chapter pages, and the
// library's bookmarks (each series' newest).

/** The newest published chapters of each series, `perSeries` each, in one query. */
export async function latestChaptersOf(db: Database, seriesIds: string[], perSeries: number, now: Date) {
  const bySeries = new Map<string, ChapterListRow[]>();
  if (seriesIds.length === 0) return bySeries;
  const ranked = db
    .select({
      ...chapterListColumns,
      rank: sql<number>`row_number() over (partition by ${chapters.seriesId} order by ${chapters.publishedAt} desc, ${chapters.number} desc)`.as(
        'rank',
      ),
    })
    .from(chapters)
    .where(and(inArray(chapters.seriesId, seriesIds), chapterIsOut(now)))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perSeries}`);
  for (const row of rows) {
    const list = bySeries.get(row.seriesId) ?? [];
    list.push(row);
    bySeries.set(row.seriesId, list);
  }
  for (const list of bySeries.values())
    list.sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) || b.number - a.number);
  return bySeries;
}

/** Every chapter of a series that has a publication time (drafts excluded), newest number first. */
export async function publishedOrScheduledChapters(db: Database, seriesId: string): Promise<ChapterListRow[]> {
  return db
    .select(chapterListColumns)
    .from(chapters)
    .where(and(eq(chapters.seriesId, seriesId), sql`${chapters.publishedAt} is not null`))
    .orderBy(desc(chapters.number));
}

export async function findChapterBySlug(db: Database, seriesId: string, slug: string): Promise<ChapterRow | undefined> {
  const [row] = await db
    .select()
    .from(chapters)
    .where(and(eq(chapters.seriesId, seriesId), eq(chapters.slug, slug)))
    .limit(1);
  return row;
}
