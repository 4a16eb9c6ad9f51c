import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { sessions } from '../../../../db/schema';

// Signing a user out everywhere: a password reset or change here, the team's ban, the command line.

/** Ends every session of a user, or every one but `keepSessionId`. */
export async function deleteUserSessions(db: Database, userId: string, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
}
