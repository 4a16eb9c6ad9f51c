import { and, eq, gt, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { sessions } from '../../../db/schema';
import { authUserColumns, joinUser } from '../users';

export async function insertSession(
  db: Database,
  values: { userId: string; tokenHash: string; expiresAt: Date; lastSeenAt: Date; userAgent: string | null; ip: string | null },
): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({ ...values, createdAt: values.lastSeenAt })
    .returning({ id: sessions.id });
  if (!row) throw new Error('insert into sessions returned no row');
  return row.id;
}

/** The session and its user, with their membership as of `now`. */
export async function findSessionWithUser(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ session: sessions, user: authUserColumns(now) })
    .from(sessions)
    .innerJoin(...joinUser(sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function touchSession(db: Database, sessionId: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, or every one but `keepSessionId`. */
export async function deleteUserSessions(db: Database, userId: string, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
}

/** Whether the account holds a session opened from this address (its owner's own device, most likely). */
export async function hasSessionFrom(db: Database, userId: string, ip: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip), gt(sessions.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

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
