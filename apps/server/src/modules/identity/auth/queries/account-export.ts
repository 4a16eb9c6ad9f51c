import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { sessions } from '../../../../db/schema';

/** A reader's sessions as their export lists them (issue 36 §3): when, and from which browser and address. */
export function sessionsForExport(db: Database, userId: string) {
  return db
    .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, userAgent: sessions.userAgent, ip: sessions.ip })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
}
