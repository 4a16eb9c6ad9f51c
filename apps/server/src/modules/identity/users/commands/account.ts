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

/** The language the server writes to the reader in (issue 35 §1); answers it as kept. */
export async function setUserLocale(db: Database, userId: string, locale: string): Promise<string | null> {
  const [row] = await db
    .update(users)
    .set({ locale, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ locale: users.locale });
  return row?.locale ?? null;
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
