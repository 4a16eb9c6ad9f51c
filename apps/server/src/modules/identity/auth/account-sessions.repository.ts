import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { sessions } from '../../../db/schema';

/** A user's live sessions (neither expired nor idle as of `now`), the most recently seen first. */
export async function listLiveSessions(db: Database, userId: string, now: Date, idleSince: Date) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Ends one of the user's sessions; false when the user has none with that id. */
export async function deleteOwnSession(db: Database, userId: string, sessionId: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

/** Ends every session of the user but `keepSessionId`; answers how many ended. */
export async function deleteOtherSessions(db: Database, userId: string, keepSessionId: string): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return deleted.length;
}
