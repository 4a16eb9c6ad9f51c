import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { subscriptions } from '../../../../db/schema';
import { at } from '../../../../db/sql';

// A subscription's period moved or ended once, however many times a renewal or a refund is
// reported: payments' fulfilment and refunds, and subscriptions' own cancel.

/**
 * Moves a period forward once: only a caller whose new end lies beyond the stored one wins, so a
 * renewal reported twice (a job run twice, a replayed invoice) moves it once.
 */
export async function advancePeriod(db: Database, id: string, start: Date, end: Date) {
  const [row] = await db
    .update(subscriptions)
    .set({ currentPeriodStart: start, currentPeriodEnd: end, updatedAt: sql`now()` })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'active'), sql`${subscriptions.currentPeriodEnd} < ${at(end)}`))
    .returning();
  return row;
}

/** Ends a running subscription once. */
export async function endSubscriptionRow(db: Database, id: string, at_: Date, periodEnd?: Date) {
  const [row] = await db
    .update(subscriptions)
    .set({ status: 'ended', endedAt: at_, updatedAt: sql`now()`, ...(periodEnd ? { currentPeriodEnd: periodEnd } : {}) })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'active')))
    .returning();
  return row;
}
