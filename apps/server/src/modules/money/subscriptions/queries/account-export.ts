import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { plans, subscriptions } from '../../../../db/schema';

/** Every plan a reader subscribed to, for their export (issue 36 §3). */
export function subscriptionsForExport(db: Database, userId: string) {
  return db
    .select({
      planName: plans.name,
      status: subscriptions.status,
      startedAt: subscriptions.startedAt,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      endedAt: subscriptions.endedAt,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.startedAt));
}
