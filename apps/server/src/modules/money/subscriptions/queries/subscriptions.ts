import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { plans, seriesTiers, subscriptions } from '../../../../db/schema';
import { at } from '../../../../db/sql';
import { subscriptionRunning } from '../../../identity/access';

// A reader's subscription as payments reads it: the running one at checkout, one by id or by the
// provider's id for refunds and Stripe's events, and the test checkout's lapsed ones to renew.

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The subscription that gives access now: active and its period not over. */
export async function currentSubscription(db: Database, userId: string, now: Date) {
  const [row] = await db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), subscriptionRunning(now, 'subscriptions')))
    .limit(1);
  return row;
}

export async function findSubscription(db: Database, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

export async function findSubscriptionByProviderId(db: Database, providerId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerId));
  return row;
}

/**
 * Test-provider subscriptions (plans and memberships) whose period is over, with the interval they
 * were bought for: to renew as if paid, or to end when cancelled.
 */
export function lapsedTestSubscriptions(db: Database, now: Date, limit: number) {
  return db
    .select({
      subscription: subscriptions,
      interval: sql<'month' | 'year'>`coalesce(${plans.interval}, ${seriesTiers.interval})`,
    })
    .from(subscriptions)
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(seriesTiers, eq(seriesTiers.id, subscriptions.tierId))
    .where(
      and(
        eq(subscriptions.status, 'active'),
        eq(subscriptions.provider, 'test'),
        sql`${subscriptions.currentPeriodEnd} <= ${at(now)}`,
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(limit);
}
