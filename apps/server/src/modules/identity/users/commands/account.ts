import { eq, sql } from 'drizzle-orm';
import type { Role } from '@inkwell/contract';
import type { Database } from '../../../../db/client';
import { users } from '../../../../db/schema';
import type { UserRow } from '../users.sql';

// A user's account as auth, the command line and the team change it: its row, password, language,
// role and ban.

export async function insertUser(
  db: Database,
  values: { email: string; username: string; passwordHash: string; role?: Role; locale?: string | null },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function updateUserPassword(db: Database, userId: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/**
 * The reader's preferences, those given: the language the server writes to them in (issue 35 §1)
 * and the languages they read series in (§2). Answers both as kept.
 */
export async function setUserPreferences(
  db: Database,
  userId: string,
  preferences: { locale?: string | undefined; contentLanguages?: string[] | undefined; showAdult?: boolean | undefined },
): Promise<{ locale: string | null; contentLanguages: string[]; showAdult: boolean }> {
  const [row] = await db
    .update(users)
    .set({
      ...(preferences.locale !== undefined && { locale: preferences.locale }),
      ...(preferences.contentLanguages !== undefined && { contentLanguages: preferences.contentLanguages }),
      ...(preferences.showAdult !== undefined && { showAdult: preferences.showAdult }),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning({ locale: users.locale, contentLanguages: users.contentLanguages, showAdult: users.showAdult });
  return row ?? { locale: null, contentLanguages: [], showAdult: false };
}

export async function updateUserRole(db: Database, userId: string, role: Role): Promise<void> {
  await db
    .update(users)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function setUserBanned(db: Database, userId: string, isBanned: boolean): Promise<void> {
  await db
    .update(users)
    .set({ isBanned, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Locks the user's row until the transaction ends: a limit per user (device keys) is counted one request at a time. */
export async function lockUser(db: Database, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
