import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../../db/client';
import { readingYearShares } from '../../../../db/schema';

/** A deleted account's shared years go, so their links stop at once (issue 36 §3), in the caller's transaction. */
export async function eraseStatsOf(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(readingYearShares).where(eq(readingYearShares.userId, userId));
}
