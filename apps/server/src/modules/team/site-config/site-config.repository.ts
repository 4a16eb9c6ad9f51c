import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

/** Held by a configuration change to its transaction's end: two admins saving at once do not lose either change. */
export async function lockSiteConfig(db: Database): Promise<void> {
  await db.execute(sql`lock table site_config in share row exclusive mode`);
}

/** A round trip to the database, for the health check. */
export async function checkDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
