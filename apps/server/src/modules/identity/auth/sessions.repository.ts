import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { sessions } from '../../../db/schema';
import { earlyAccessColumn } from '../../money/subscriptions';
import { seriesRolesColumn } from '../../team/series-team';
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

/**
 * The session and its user, with their membership as of `now`, their places on series' teams and
 * their series memberships' early-access days (issue 38 §1), in one query.
 */
export async function findSessionWithUser(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      session: sessions,
      user: {
        ...authUserColumns(now),
        seriesRoles: seriesRolesColumn(sessions.userId),
        earlyAccess: earlyAccessColumn(now, sessions.userId),
      },
    })
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

/** Whether the account holds a session opened from this address (its owner's own device, most likely). */
export async function hasSessionFrom(db: Database, userId: string, ip: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip), gt(sessions.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}
