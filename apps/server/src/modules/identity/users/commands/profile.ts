import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { usernameHolds, users } from '../../../../db/schema';

// A reader's own profile (issue 36 §1): their username (and the names they gave up, held for them
// for a while), their bio and their avatar. Every command here runs in its caller's transaction.

/**
 * Takes, until the transaction ends, the lock of each of these names (any case): whoever takes a
 * name (a sign-up, a change of name) or gives one up holds it while it checks and writes, so a name
 * given up cannot be taken by someone else between the check and the hold. Locked in one order,
 * so two changes that swap names wait for each other instead of deadlocking.
 */
export async function lockUsernames(db: Database, names: string[]): Promise<void> {
  for (const name of [...new Set(names.map((one) => one.toLowerCase()))].sort()) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`username:${name}`}))`);
  }
}

/** Who holds this name (any case) at `now`, having given it up: their id, or null when nobody does. */
export async function usernameHolder(db: Database, username: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ userId: usernameHolds.userId })
    .from(usernameHolds)
    .where(and(eq(usernameHolds.username, username.toLowerCase()), gt(usernameHolds.heldUntil, now)))
    .limit(1);
  return row?.userId ?? null;
}

/** How many names the user gave up that are still held for them at `now`. */
export async function countUsernameHolds(db: Database, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(usernameHolds)
    .where(and(eq(usernameHolds.userId, userId), gt(usernameHolds.heldUntil, now)));
  return row?.n ?? 0;
}

/**
 * Renames the user, holding the name they give up for them until `heldUntil` (a hold of it left
 * from before, theirs or an expired one, is replaced); taking back a name they held ends its hold.
 * A change of case alone gives nothing up.
 */
export async function renameUser(
  db: Database,
  userId: string,
  change: { from: string; to: string; heldUntil: Date },
): Promise<void> {
  const [from, to] = [change.from.toLowerCase(), change.to.toLowerCase()];
  if (from !== to) {
    await db.delete(usernameHolds).where(and(eq(usernameHolds.username, to), eq(usernameHolds.userId, userId)));
    await db
      .insert(usernameHolds)
      .values({ username: from, userId, heldUntil: change.heldUntil })
      .onConflictDoUpdate({ target: usernameHolds.username, set: { userId, heldUntil: change.heldUntil } });
  }
  await db
    .update(users)
    .set({ username: change.to, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function setUserBio(db: Database, userId: string, bio: string): Promise<void> {
  await db
    .update(users)
    .set({ bio, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The user's name and avatar, their row locked until the transaction ends (a change of either is made one at a time). */
export async function lockProfile(db: Database, userId: string) {
  const [row] = await db
    .select({ username: users.username, avatarUrl: users.avatarUrl })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** Sets (or, with null, removes) the avatar's address and bumps its version: answers both as kept. */
export async function setUserAvatar(db: Database, userId: string, avatarUrl: string | null) {
  const [row] = await db
    .update(users)
    .set({ avatarUrl, avatarVersion: sql`${users.avatarVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ avatarUrl: users.avatarUrl, avatarVersion: users.avatarVersion });
  if (!row) throw new Error('the user to set an avatar for is gone');
  return row;
}
