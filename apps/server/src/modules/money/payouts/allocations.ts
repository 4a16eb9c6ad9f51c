import { SHARES_TOTAL_BPS } from '@inkwell/contract';
import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { revenueAllocations, seriesPayees } from '../../../db/schema';

export type AllocationSource = (typeof revenueAllocations.$inferInsert)['source'];

/**
 * Splits `amount` in proportion to `weightOf` each item (`total`: the weights' sum), exactly: each
 * part's floor, then what is left over one at a time to the largest remainders (ties: the larger
 * weight, then the order given). The parts always sum to `amount`.
 */
export function splitByWeights<T>(
  amount: number,
  items: readonly T[],
  weightOf: (item: T) => number,
  total = items.reduce((sum, item) => sum + weightOf(item), 0),
): { item: T; amount: number }[] {
  if (total <= 0) return items.map((item) => ({ item, amount: 0 }));
  const parts = items.map((item, index) => {
    const exact = amount * weightOf(item);
    return { item, index, weight: weightOf(item), amount: Math.floor(exact / total), remainder: exact % total };
  });
  let left = amount - parts.reduce((sum, part) => sum + part.amount, 0);
  const byRemainder = [...parts].sort((a, b) => b.remainder - a.remainder || b.weight - a.weight || a.index - b.index);
  for (const part of byRemainder) {
    if (left === 0) break;
    part.amount += 1;
    left -= 1;
  }
  return parts.map(({ item, amount: share }) => ({ item, amount: share }));
}

/** Splits `coins` (or cents) by shares in basis points summing to 10,000: `splitByWeights` over the shares. */
export function splitByShares<T extends { shareBps: number }>(
  coins: number,
  shares: readonly T[],
): { payee: T; coins: number }[] {
  return splitByWeights(coins, shares, (payee) => payee.shareBps, SHARES_TOTAL_BPS).map(({ item, amount }) => ({
    payee: item,
    coins: amount,
  }));
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
