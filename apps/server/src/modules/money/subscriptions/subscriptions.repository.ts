import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { plans, subscriptions } from '../../../db/schema';
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

// Subscriptions.

/** The running row, whatever its period says (a lapsed test subscription waits for the renewal job). */
export async function activeSubscriptionRow(db: Database, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')))
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
