import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { chapterFiles } from '../../../db/schema';

export async function findChapterFile(db: Database, chapterId: string, format: 'cbz' | 'epub', version: string) {
  const [row] = await db
    .select()
    .from(chapterFiles)
    .where(and(eq(chapterFiles.chapterId, chapterId), eq(chapterFiles.format, format), eq(chapterFiles.version, version)))
    .limit(1);
  return row;
}

/** Two instances building the same file build the same bytes: the first row stays. */
export async function insertChapterFile(db: Database, row: typeof chapterFiles.$inferInsert): Promise<void> {
  await db.insert(chapterFiles).values(row).onConflictDoNothing();
}
