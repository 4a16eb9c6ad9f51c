import { eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { pushQuietHours } from '../../../../db/schema';

/** The time zone a reader gave the account (with their quiet hours), or undefined: stats counts their days in it. */
export async function timeZoneOf(db: Database, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ timeZone: pushQuietHours.timeZone })
    .from(pushQuietHours)
    .where(eq(pushQuietHours.userId, userId));
  return row?.timeZone;
}
