import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { paymentEvents } from '../../../db/schema';

export type PaymentEventRow = typeof paymentEvents.$inferSelect;

/**
 * Takes a provider's event in, once, keyed on the provider's event id: true when it is new, false
 * when it was taken in before (a redelivery or a replay), which the caller then ignores.
 */
export async function recordPaymentEvent(
  db: Database,
  event: { id: string; provider: PaymentEventRow['provider']; type: string; receivedAt: Date },
): Promise<boolean> {
  const inserted = await db.insert(paymentEvents).values(event).onConflictDoNothing().returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

/** Gives an event back when its follow-up could not be queued, so the provider's redelivery is taken in again. */
export async function forgetPaymentEvent(db: Database, id: string): Promise<void> {
  await db.delete(paymentEvents).where(eq(paymentEvents.id, id));
}

export async function markPaymentEventProcessed(db: Database, id: string, at: Date): Promise<void> {
  await db.update(paymentEvents).set({ processedAt: at }).where(eq(paymentEvents.id, id));
}

export async function findPaymentEvent(db: Database, id: string): Promise<PaymentEventRow | undefined> {
  const [row] = await db.select().from(paymentEvents).where(eq(paymentEvents.id, id));
  return row;
}
