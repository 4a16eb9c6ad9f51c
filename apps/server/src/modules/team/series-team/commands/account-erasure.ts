import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../../db/client';
import { seriesMembers } from '../../../../db/schema';

/**
 * A deleted account's places on series' teams (issue 36 §3's erasure, issue 37 §3): gone, in the
 * deletion's transaction. The series keep their other members; `user.deleted` ends the sessions.
 */
export async function eraseSeriesMembershipsOf(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(seriesMembers).where(eq(seriesMembers.userId, userId));
}
