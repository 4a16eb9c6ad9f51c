import type { Database } from '../../../../db/client';
import { coinPackages } from '../../../../db/schema';

// A new coin package: the admin's (purchases' service) and the demo's seed.

export async function insertCoinPackage(db: Database, values: typeof coinPackages.$inferInsert): Promise<string> {
  const [row] = await db.insert(coinPackages).values(values).returning({ id: coinPackages.id });
  return row!.id;
}
