import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { tierAllocations } from '../../../../db/schema';
import { findSeriesById } from '../../../catalogue/series';
import { payeesOf, splitByShares } from '../allocations';

/**
 * A tier payment's parts (issue 38 §1): each payee of the series gets their share of what the
 * reader paid (a first charge or a renewal), in the payment's currency, written in the payment's
 * transaction. A series without payees gets no rows: the site keeps it. A payment is split once
 * (the purchase, payee and kind are unique).
 */
export async function allocateTierIncome(
  tx: Database,
  payment: { purchaseId: string; seriesId: string; currency: string; amountCents: number; now: Date },
): Promise<void> {
  if (payment.amountCents <= 0) return;
  const payees = await payeesOf(tx, payment.seriesId);
  if (payees.length === 0) return;
  const series = await findSeriesById(tx, payment.seriesId);
  const parts = splitByShares(payment.amountCents, payees).filter((part) => part.coins > 0);
  if (parts.length === 0) return;
  await tx
    .insert(tierAllocations)
    .values(
      parts.map((part) => ({
        purchaseId: payment.purchaseId,
        seriesId: payment.seriesId,
        seriesTitle: series?.title ?? '',
        payeeId: part.payee.userId,
        currency: payment.currency,
        amountCents: part.coins,
        kind: 'payment' as const,
        createdAt: payment.now,
      })),
    )
    .onConflictDoNothing();
}

/**
 * A refunded tier payment takes back each payee's part, once: a negative 'refund' row beside each
 * 'payment' row of the purchase, in the refund's transaction (the rows are append-only).
 */
export async function refundTierIncome(tx: Database, refund: { purchaseId: string; now: Date }): Promise<void> {
  const paid = await tx
    .select()
    .from(tierAllocations)
    .where(and(eq(tierAllocations.purchaseId, refund.purchaseId), eq(tierAllocations.kind, 'payment')));
  const parts = paid.filter((row) => row.amountCents > 0);
  if (parts.length === 0) return;
  await tx
    .insert(tierAllocations)
    .values(
      parts.map((row) => ({
        purchaseId: row.purchaseId,
        seriesId: row.seriesId,
        seriesTitle: row.seriesTitle,
        payeeId: row.payeeId,
        currency: row.currency,
        amountCents: -row.amountCents,
        kind: 'refund' as const,
        createdAt: refund.now,
      })),
    )
    .onConflictDoNothing();
}
