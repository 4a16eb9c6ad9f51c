import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { coinPackages } from '../../../../db/schema';

// The coin packages, as the store and its admin list them and the demo's seed looks for them.

export type CoinPackageRow = typeof coinPackages.$inferSelect;

export function listCoinPackages(db: Database, { activeOnly }: { activeOnly: boolean }) {
  return db
    .select({
      pkg: coinPackages,
      // Written out: inside a one-table select Drizzle leaves column names unqualified, and "id" would be the purchase's.
      sold: sql<number>`(select count(*)::int from purchases p where p.package_id = "coin_packages"."id" and p.status in ('paid', 'refunded'))`,
    })
    .from(coinPackages)
    .where(activeOnly ? eq(coinPackages.isActive, true) : undefined)
    .orderBy(asc(coinPackages.position), asc(coinPackages.priceCents), asc(coinPackages.createdAt));
}
