import { inArray } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { siteConfig } from '../../../../db/schema';

/** The stored values of these configuration keys (a key never saved is absent). */
export async function readConfigValues(db: Database, keys: string[]): Promise<Map<string, unknown>> {
  const rows = await db.select().from(siteConfig).where(inArray(siteConfig.key, keys));
  return new Map(rows.map((row) => [row.key, row.value]));
}
