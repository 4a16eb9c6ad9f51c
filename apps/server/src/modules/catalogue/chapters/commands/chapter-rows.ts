import { sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { chapterPages, chapters } from '../../../../db/schema';
import { setLastChapterAt } from '../../series';
import { chapterIsOut } from '../chapter-predicates';
import type { NewChapter } from '../chapters.sql';

// Chapters' writes beyond the team's edits: many chapters at once (the demo's seed), and the series'
// newest chapter date kept true after a write or a release (tests' factories too).

export async function insertChapters(db: Database, values: NewChapter[]): Promise<void> {
  if (values.length > 0) await db.insert(chapters).values(values);
}

export async function insertPages(db: Database, pages: (typeof chapterPages.$inferInsert)[]): Promise<void> {
  if (pages.length > 0) await db.insert(chapterPages).values(pages);
}

/**
 * Keeps series.last_chapter_at true: the newest chapter out by `now`, set by series'
 * setLastChapterAt in one update (its subquery written here, over chapters).
 */
export async function refreshLastChapterAt(db: Database, seriesIds: string[], now: Date): Promise<void> {
  await setLastChapterAt(
    db,
    seriesIds,
    (seriesId) =>
      sql`(select max(c.published_at) from ${chapters} c where c.series_id = ${seriesId} and ${chapterIsOut(now, 'c')})`,
  );
}
