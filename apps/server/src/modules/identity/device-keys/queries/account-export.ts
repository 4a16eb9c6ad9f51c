import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { deviceKeys } from '../../../../db/schema';

/** A reader's device keys as their export lists them (issue 36 §3): names and dates, never the keys. */
export function deviceKeysForExport(db: Database, userId: string) {
  return db
    .select({ name: deviceKeys.name, createdAt: deviceKeys.createdAt, lastUsedAt: deviceKeys.lastUsedAt })
    .from(deviceKeys)
    .where(eq(deviceKeys.userId, userId))
    .orderBy(asc(deviceKeys.createdAt));
}
