import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { chapters } from '../../../../db/schema';

// An import's memory of what it wrote (issue 37 §1): the digest of the file each chapter was made
// from, on the chapter's own row, so the same file again changes nothing. No reader sees it and no
// cache holds it, so its write publishes no event.

export async function recordChapterImportHash(db: Database, chapterId: string, hash: string): Promise<void> {
  await db.update(chapters).set({ importHash: hash }).where(eq(chapters.id, chapterId));
}

/** The digests of a series' imported chapters, by chapter id (chapters made by hand have none). */
export async function chapterImportHashes(db: Database, seriesId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: chapters.id, hash: chapters.importHash })
    .from(chapters)
    .where(and(eq(chapters.seriesId, seriesId), isNotNull(chapters.importHash)));
  return new Map(rows.map((row) => [row.id, row.hash!]));
}

/** The numbers a series' chapters have: a file imported into it is numbered around them. */
export async function chapterNumbersOf(db: Database, seriesId: string): Promise<number[]> {
  const rows = await db.select({ number: chapters.number }).from(chapters).where(eq(chapters.seriesId, seriesId));
  return rows.map((row) => row.number);
}
