import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { siteConfig } from '../../../db/schema';

export async function readConfigValues(db: Database, keys: string[]): Promise<Map<string, unknown>> {
  const rows = await db.select().from(siteConfig).where(inArray(siteConfig.key, keys));
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function writeConfigValue(db: Database, key: string, value: unknown): Promise<void> {
  await db
    .insert(siteConfig)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteConfig.key, set: { value, updatedAt: sql`now()` } });
}

/** Held by a configuration change to its transaction's end: two admins saving at once do not lose either change. */
export async function lockSiteConfig(db: Database): Promise<void> {
  await db.execute(sql`lock table site_config in share row exclusive mode`);
}

/** A round trip to the database, for the health check. */
export async function checkDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
