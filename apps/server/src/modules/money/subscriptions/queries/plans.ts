import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { plans } from '../../../../db/schema';
import { runningSubscribersOfPlan } from '../../../identity/access';

// The plans on sale (and the admin's list of them), as the store, checkout and the demo read them.

export type PlanRow = typeof plans.$inferSelect;

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
