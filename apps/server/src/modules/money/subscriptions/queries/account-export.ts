import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { plans, seriesTiers, subscriptions } from '../../../../db/schema';

/** Every plan (and series membership, by its tier's name) a reader subscribed to, for their export (issue 36 §3). */
export function subscriptionsForExport(db: Database, userId: string) {
  return db
    .select({
      planName: sql<string>`coalesce(${plans.name}, ${seriesTiers.name})`,
      status: subscriptions.status,
      startedAt: subscriptions.startedAt,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      endedAt: subscriptions.endedAt,
    })
    .from(subscriptions)
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(seriesTiers, eq(seriesTiers.id, subscriptions.tierId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.startedAt));
}
