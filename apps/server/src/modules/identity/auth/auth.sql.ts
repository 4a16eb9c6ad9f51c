import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { sessions } from '../../../db/schema';

// A user's sessions as other modules' queries compose them: device keys' test of the owner's own
// device, the team's list of users (last seen, sessions held).

/**
 * "A live session of this user was opened from `ip`", as a condition on a user id column of the
 * caller's query (device keys' test of the owner's own device, decision 0024).
 */
export function liveSessionFrom(db: Database, userId: AnyPgColumn, ip: string, now: Date): SQL {
  return sql`exists (${db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip), gt(sessions.expiresAt, now)))})`;
}

/**
 * Columns over a user's sessions for the caller's query about the user `userId` (written out, as a
 * one-table select leaves column names unqualified): when they were last seen, how many they hold.
 */
export const lastSeenColumn = (userId: SQL) =>
  sql<Date | null>`(select max(s.last_seen_at) from sessions s where s.user_id = ${userId})`.mapWith(sessions.lastSeenAt);
export const sessionCountColumn = (userId: SQL) =>
  sql<number>`(select count(*)::int from sessions s where s.user_id = ${userId})`;
