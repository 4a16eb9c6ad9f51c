import { SHARES_TOTAL_BPS } from '@inkwell/contract';
import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { revenueAllocations, seriesPayees } from '../../db/schema';

export type AllocationSource = (typeof revenueAllocations.$inferInsert)['source'];

/**
 * Splits `coins` by shares (basis points summing to 10,000), exactly: each share's floor, then the
 * coins left over one at a time to the largest remainders (ties: the larger share, then the order
 * given). The parts always sum to `coins`.
 */
export function splitByShares<T extends { shareBps: number }>(
  coins: number,
  shares: readonly T[],
): { payee: T; coins: number }[] {
  const parts = shares.map((payee, index) => {
    const exact = coins * payee.shareBps;
    return { payee, index, coins: Math.floor(exact / SHARES_TOTAL_BPS), remainder: exact % SHARES_TOTAL_BPS };
  });
  let left = coins - parts.reduce((sum, part) => sum + part.coins, 0);
  const byRemainder = [...parts].sort(
    (a, b) => b.remainder - a.remainder || b.payee.shareBps - a.payee.shareBps || a.index - b.index,
  );
  for (const part of byRemainder) {
    if (left === 0) break;
    part.coins += 1;
    left -= 1;
  }
  return parts.map(({ payee, coins: share }) => ({ payee, coins: share }));
}

/** A series' payees with their shares, largest first. */
export function payeesOf(db: Database, seriesId: string) {
  return db
    .select({ userId: seriesPayees.userId, role: seriesPayees.role, shareBps: seriesPayees.shareBps })
    .from(seriesPayees)
    .where(eq(seriesPayees.seriesId, seriesId))
    .orderBy(desc(seriesPayees.shareBps), asc(seriesPayees.userId));
}

/**
 * Writes each payee's part of a debit made in a series, in the debit's transaction (issue 22 §2).
 * A series without payees gets no rows: the site keeps what it took.
 */
export async function allocate(
  tx: Database,
  debit: { ledgerId: string; seriesId: string; seriesTitle: string; coins: number; source: AllocationSource; now: Date },
): Promise<void> {
  if (debit.coins <= 0) return;
  const payees = await payeesOf(tx, debit.seriesId);
  if (payees.length === 0) return;
  await tx.insert(revenueAllocations).values(
    splitByShares(debit.coins, payees).map((part) => ({
      ledgerId: debit.ledgerId,
      seriesId: debit.seriesId,
      seriesTitle: debit.seriesTitle,
      payeeId: part.payee.userId,
      source: debit.source,
      coins: part.coins,
      createdAt: debit.now,
    })),
  );
}
