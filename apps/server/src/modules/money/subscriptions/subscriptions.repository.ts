import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { plans, seriesTiers, subscriptions } from '../../../db/schema';
import type { SubscriptionRow } from './queries/subscriptions';

// What only subscriptions itself writes and reads; what other modules use is in queries/ and commands/.

// Plans.

export async function updatePlan(db: Database, id: string, values: Partial<typeof plans.$inferInsert>) {
  const rows = await db
    .update(plans)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(plans.id, id))
    .returning({ id: plans.id });
  return rows.length > 0;
}

// Tiers (issue 38 §1).

export async function insertTier(db: Database, values: typeof seriesTiers.$inferInsert) {
  const [row] = await db.insert(seriesTiers).values(values).returning();
  return row!;
}

export async function updateTier(db: Database, id: string, values: Partial<typeof seriesTiers.$inferInsert>) {
  const [row] = await db
    .update(seriesTiers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(seriesTiers.id, id))
    .returning();
  return row;
}

/** How many tiers a series has, archived ones included. */
export async function countTiersOfSeries(db: Database, seriesId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(seriesTiers)
    .where(eq(seriesTiers.seriesId, seriesId));
  return row?.n ?? 0;
}

// Subscriptions.

/**
 * The running row, whatever its period says (a lapsed test subscription waits for the renewal
 * job): the reader's plan, or with `seriesId` their membership of that series.
 */
export async function activeSubscriptionRow(
  db: Database,
  userId: string,
  seriesId: string | null = null,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, 'active'),
        seriesId === null ? isNotNull(subscriptions.planId) : eq(subscriptions.seriesId, seriesId),
      ),
    )
    .limit(1);
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
