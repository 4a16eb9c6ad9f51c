import { sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { siteConfig } from '../../../../db/schema';

/** Saves one configuration value, over the one stored: the admin's settings, and the demo's seed. */
export async function writeConfigValue(db: Database, key: string, value: unknown): Promise<void> {
  await db
    .insert(siteConfig)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteConfig.key, set: { value, updatedAt: sql`now()` } });
}
