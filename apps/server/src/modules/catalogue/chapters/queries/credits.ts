import type { Credit } from '@inkwell/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { chapterCredits, chapters } from '../../../../db/schema';
import { joinUser, userNameColumns } from '../../../identity/users';

// A chapter's own credits (issue 37 §2), each with its linked account's current name.

const creditColumns = {
  role: chapterCredits.role,
  name: chapterCredits.name,
  userId: chapterCredits.userId,
  username: userNameColumns.username,
};

/** A chapter's own credits (without its series' defaults), in the team's order. */
export async function chapterCreditsOf(db: Database, chapterId: string): Promise<Credit[]> {
  return db
    .select(creditColumns)
    .from(chapterCredits)
    .leftJoin(...joinUser(chapterCredits.userId))
    .where(eq(chapterCredits.chapterId, chapterId))
    .orderBy(asc(chapterCredits.position));
}

/** The own credits of every chapter of a series that has any, by chapter id, each in the team's order. */
export async function chapterCreditsInSeries(db: Database, seriesId: string): Promise<Map<string, Credit[]>> {
  const rows = await db
    .select({ chapterId: chapterCredits.chapterId, ...creditColumns })
    .from(chapterCredits)
    .innerJoin(chapters, eq(chapters.id, chapterCredits.chapterId))
    .leftJoin(...joinUser(chapterCredits.userId))
    .where(eq(chapters.seriesId, seriesId))
    .orderBy(asc(chapterCredits.chapterId), asc(chapterCredits.position));
  const byChapter = new Map<string, Credit[]>();
  for (const { chapterId, ...credit } of rows) byChapter.set(chapterId, [...(byChapter.get(chapterId) ?? []), credit]);
  return byChapter;
}
