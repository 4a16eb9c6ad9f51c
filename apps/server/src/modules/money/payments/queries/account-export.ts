import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { purchases } from '../../../../db/schema';

/** Every purchase a reader made, for their export (issue 36 §3): what, how much, and how it stands. */
export function purchasesForExport(db: Database, userId: string) {
  return db
    .select({
      id: purchases.id,
      kind: purchases.kind,
      status: purchases.status,
      itemName: purchases.itemName,
      amountCents: purchases.amountCents,
      currency: purchases.currency,
      coins: purchases.coins,
      provider: purchases.provider,
      createdAt: purchases.createdAt,
      paidAt: purchases.paidAt,
      refundedAt: purchases.refundedAt,
    })
    .from(purchases)
    .where(eq(purchases.userId, userId))
    .orderBy(asc(purchases.createdAt));
}
