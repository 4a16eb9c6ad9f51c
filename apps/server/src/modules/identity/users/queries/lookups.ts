import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../../db/client';
import { users } from '../../../../db/schema';
import { authUserColumns, type AuthUser, type UserRow } from '../users.sql';

// Finding a user: by id, e-mail or name, and the few facts about one that other modules ask for.

/** The user as a request carries it (after login or registration, as the session lookup gives it). */
export async function findAuthUser(db: Database, id: string, now: Date): Promise<AuthUser | undefined> {
  const [row] = await db.select(authUserColumns(now)).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function findUserByUsername(db: Database, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

/** An e-mail or a username, as an operator would type it. */
export function findUserByLogin(db: Database, login: string): Promise<UserRow | undefined> {
  return login.includes('@') ? findUserByEmail(db, login) : findUserByUsername(db, login);
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

/** Whether the user has two-factor sign-in on, read fresh (not from the few-seconds session cache). */
export async function hasTwoFactor(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.enabledAt);
}

/** Whether the user is banned; a user who is not there (deleted since) counts as banned, so they write nothing. */
export async function isUserBanned(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ isBanned: users.isBanned }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.isBanned ?? true;
}

/**
 * Whether the account named `username` (any case) meets `condition`, a test of its id that another
 * module writes (device keys' "a place of this account"), in one query.
 */
export async function userNamedMeets(
  db: Database,
  username: string,
  condition: (userId: AnyPgColumn) => SQL | undefined,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, condition(users.id)))
    .limit(1);
  return row !== undefined;
}

/** Which of these ids are users (a series' payees before they are set). */
export async function existingUserIds(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  return new Set(rows.map((row) => row.id));
}
