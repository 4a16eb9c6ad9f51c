import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { koreaderPositions } from '../../../db/schema';

export async function findKoreaderPosition(db: Database, userId: string, document: string) {
  const [row] = await db
    .select()
    .from(koreaderPositions)
    .where(and(eq(koreaderPositions.userId, userId), eq(koreaderPositions.document, document)))
    .limit(1);
  return row;
}

/** Last write wins, whole (a write without a device id keeps the one before, as the reference server does). */
export async function saveKoreaderPosition(db: Database, row: typeof koreaderPositions.$inferInsert): Promise<void> {
  await db
    .insert(koreaderPositions)
    .values(row)
    .onConflictDoUpdate({
      target: [koreaderPositions.userId, koreaderPositions.document],
      set: {
        progress: sql`excluded.progress`,
        percentage: sql`excluded.percentage`,
        device: sql`excluded.device`,
        deviceId: sql`coalesce(excluded.device_id, ${koreaderPositions.deviceId})`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}
