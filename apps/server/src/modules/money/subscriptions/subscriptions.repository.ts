import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { plans, subscriptions } from '../../../db/schema';
import { at } from '../../../db/sql';
import { runningSubscribersOfPlan, subscriptionRunning } from '../../identity/access';

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

// Plans.

export function listPlans(db: Database, { activeOnly, now }: { activeOnly: boolean; now: Date }) {
  return db
    .select({
      plan: plans,
      sold: sql<number>`(select count(*)::int from subscriptions s where s.plan_id = "plans"."id")`,
      activeSubscribers: runningSubscribersOfPlan(now),
    })
    .from(plans)
    .where(activeOnly ? eq(plans.isActive, true) : undefined)
    .orderBy(asc(plans.priceCents), asc(plans.createdAt));
}

export async function findPlan(db: Database, id: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row;
}

export async function insertPlan(db: Database, values: typeof plans.$inferInsert): Promise<string> {
  const [row] = await db.insert(plans).values(values).returning({ id: plans.id });
  return row!.id;
}

export async function updatePlan(db: Database, id: string, values: Partial<typeof plans.$inferInsert>) {
  const rows = await db
    .update(plans)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(plans.id, id))
    .returning({ id: plans.id });
  return rows.length > 0;
}

// Subscriptions.

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

/** The running row, whatever its period says (a lapsed test subscription waits for the renewal job). */
export async function activeSubscriptionRow(db: Database, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')))
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

export async function insertSubscription(db: Database, values: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  return row!;
}

export async function updateSubscription(db: Database, id: string, values: Partial<typeof subscriptions.$inferInsert>) {
  const [row] = await db
    .update(subscriptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, id))
    .returning();
  return row;
}

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

/** Test-provider subscriptions whose period is over: to renew as if paid, or to end when cancelled. */
export function lapsedTestSubscriptions(db: Database, now: Date, limit: number) {
  return db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
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
