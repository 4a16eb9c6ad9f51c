import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../../db/client';
import { seriesAutoUnlocks } from '../../../../db/schema';
import { lockBalance, moveCoins } from './move-coins';

/**
 * A deleted account's wallet (issue 36 §3), in the caller's transaction: the coins left are
 * forfeited through the ledger (one `forfeit` row, the balance reaching 0, never below), and its
 * per-series auto-unlock choices go. The ledger, unlocks and rentals stay for accounting. Answers
 * the coins forfeited.
 */
export async function forfeitWalletOf(tx: Transaction, userId: string, actorId: string | null): Promise<number> {
  await tx.delete(seriesAutoUnlocks).where(eq(seriesAutoUnlocks.userId, userId));
  const balance = (await lockBalance(tx, userId)) ?? 0;
  if (balance <= 0) return 0;
  const moved = await moveCoins(tx, {
    userId,
    delta: -balance,
    kind: 'forfeit',
    reason: 'Account deleted: remaining coins forfeited',
    actorId,
  });
  if (!moved) throw new Error('the balance changed under its lock');
  return balance;
}
