import type { Database } from '../../../../db/client';
import { plans } from '../../../../db/schema';

// A new plan: the admin's (subscriptions' own service) and the demo's seed.

export async function insertPlan(db: Database, values: typeof plans.$inferInsert): Promise<string> {
  const [row] = await db.insert(plans).values(values).returning({ id: plans.id });
  return row!.id;
}
