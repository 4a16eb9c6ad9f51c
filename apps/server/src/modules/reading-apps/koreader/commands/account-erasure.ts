import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../../db/client';
import { koreaderPositions } from '../../../../db/schema';

/** A deleted account's KOReader positions (with its devices' names) go (issue 36 §3), in the caller's transaction. */
export async function eraseKoreaderPositionsOf(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(koreaderPositions).where(eq(koreaderPositions.userId, userId));
}
