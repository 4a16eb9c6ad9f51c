import { eq, sql } from 'drizzle-orm';
import type { Role } from '@inkwell/contract';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** A user as a request carries it: every column but the password hash. */
export const authUserColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  role: users.role,
  coins: users.coins,
  isBanned: users.isBanned,
  autoUnlock: users.autoUnlock,
  avatarUrl: users.avatarUrl,
  avatarVersion: users.avatarVersion,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
export type AuthUser = Omit<UserRow, 'passwordHash'>;

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

export async function insertUser(
  db: Database,
  values: { email: string; username: string; passwordHash: string; role?: Role },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function updateUserPassword(db: Database, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export async function updateUserRole(db: Database, userId: string, role: Role): Promise<void> {
  await db.update(users).set({ role, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export async function setUserBanned(db: Database, userId: string, isBanned: boolean): Promise<void> {
  await db.update(users).set({ isBanned, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

/** Kept here for the account code that imports it from users. */
export { isUniqueViolation } from '../../lib/db-errors';
