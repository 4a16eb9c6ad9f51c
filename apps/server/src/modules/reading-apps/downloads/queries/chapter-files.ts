import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { chapterFiles } from '../../../../db/schema';

export type ChapterFileRow = typeof chapterFiles.$inferSelect;

/** The file a KOReader document id names (the newest, should two ever share one). */
export async function findFileByPartialMd5(db: Database, partialMd5: string): Promise<ChapterFileRow | undefined> {
  const [row] = await db
    .select()
    .from(chapterFiles)
    .where(eq(chapterFiles.partialMd5, partialMd5))
    .orderBy(desc(chapterFiles.createdAt))
    .limit(1);
  return row;
}
