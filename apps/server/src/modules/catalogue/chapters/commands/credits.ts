import { eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { chapterCredits } from '../../../../db/schema';
import { creditRows, type CreditInput, unlinkSeriesCreditsOf } from '../../series';

/**
 * Replaces a chapter's own credits with these, in this order (in the caller's transaction when
 * given one); an empty list leaves it with its series' defaults alone. The caller checks the users
 * first (series' `checkCreditUsers`) and publishes `chapter.changed`.
 */
export async function setChapterCredits(db: Database, chapterId: string, credits: readonly CreditInput[]): Promise<void> {
  await db.delete(chapterCredits).where(eq(chapterCredits.chapterId, chapterId));
  if (credits.length > 0) await db.insert(chapterCredits).values(creditRows(credits).map((row) => ({ ...row, chapterId })));
}

/**
 * Unlinks an erased account from every credit, a series' and a chapter's (issue 36 §3, the personal
 * data list): the names stay as the team wrote them, linked to no one.
 */
export async function unlinkCreditsOf(db: Database, userId: string): Promise<void> {
  await unlinkSeriesCreditsOf(db, userId);
  await db.update(chapterCredits).set({ userId: null }).where(eq(chapterCredits.userId, userId));
}
