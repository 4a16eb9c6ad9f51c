import { and, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { NotificationPreferences, Role } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { users } from '../../../db/schema';
import { at } from '../../../db/sql';
import { currentPlanName, hasPremiumPass } from '../access';

export type UserRow = typeof users.$inferSelect;

/**
 * A user as a request carries it: every column but the password hash, and their membership as of
 * `now` (the request's time), read in the same query so a session costs one round trip.
 */
export const authUserColumns = (now: Date) => ({
  id: users.id,
  email: users.email,
  username: users.username,
  role: users.role,
  coins: users.coins,
  isBanned: users.isBanned,
  autoUnlock: users.autoUnlock,
  avatarUrl: users.avatarUrl,
  avatarVersion: users.avatarVersion,
  locale: users.locale,
  /** Two-factor sign-in is on (issue 10): the profile shows it, admins need it for configuration. */
  totpEnabledAt: users.totpEnabledAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  membership: currentPlanName(now),
  isPremium: hasPremiumPass(now),
});
/**
 * Joins the user of another module's row (`userId`, the row's user column), for the reads that need
 * the user in the row's own query (a session's check, a device key's sign-in):
 * `.innerJoin(...joinUser(sessions.userId))`, selecting `authUserColumns`, `userStandingColumns` or `userContactColumns`.
 */
export const joinUser = (userId: AnyPgColumn) => [users, eq(users.id, userId)] as const;

/** A user's name and standing, beside a row that joins its user (`joinUser`): a device key's sign-in. */
export const userStandingColumns = { username: users.username, isBanned: users.isBanned };

/** Who a row's user is, for the team's lists (a purchase's buyer), beside `joinUser`. */
export const userContactColumns = { id: users.id, username: users.username, email: users.email };

/** A row's author as the page shows them beside it (a comment's), beside `joinUser`. */
export const userAuthorColumns = { id: users.id, username: users.username, role: users.role, avatarUrl: users.avatarUrl };

/** A row's user by name alone (who sent a comment's report), beside `joinUser`. */
export const userNameColumns = { username: users.username };

/** Never the password hash nor the two-factor secret: requests carry only whether 2FA is on. */
export type AuthUser = Omit<
  UserRow,
  'passwordHash' | 'newChapterEmail' | 'lastDigestAt' | 'totpSecret' | 'totpLastStep' | 'showAsSupporter'
> & {
  membership: string | null;
  isPremium: boolean;
};

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

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

/** Kept here for the account code that imports it from users. */
export { isUniqueViolation } from '../../../lib/db-errors';

export async function coinsAndSettingsOf(db: Database, userId: string) {
  const [row] = await db
    .select({ coins: users.coins, autoUnlock: users.autoUnlock, showAsSupporter: users.showAsSupporter })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Changes the store options given, and answers them all as they now are. */
export async function setStoreSettings(
  db: Database,
  userId: string,
  settings: { autoUnlock?: boolean; showAsSupporter?: boolean },
): Promise<{ autoUnlock: boolean; showAsSupporter: boolean }> {
  const [row] = await db
    .update(users)
    .set({ ...settings, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ autoUnlock: users.autoUnlock, showAsSupporter: users.showAsSupporter });
  return row ?? { autoUnlock: false, showAsSupporter: true };
}

/** Whether the user has two-factor sign-in on, read fresh (not from the few-seconds session cache). */
export async function hasTwoFactor(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.enabledAt);
}

/** A new proposed two-factor secret: replaces an unconfirmed one, never one in force. */
export async function proposeTwoFactorSecret(db: Database, userId: string, sealedSecret: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecret: sealedSecret, totpLastStep: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Accepts a code's 30-second step once: the step is written only if it is newer than the last
 * one, so the same code (or an older one) sent twice, even at the same moment, passes once.
 */
export async function claimTwoFactorStep(db: Database, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Puts the proposed secret in force; false when two-factor sign-in was already on. */
export async function turnOnTwoFactor(db: Database, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpEnabledAt: at, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Forgets the secret and its last step: two-factor sign-in is off. */
export async function turnOffTwoFactor(db: Database, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Whether the user is banned; a user who is not there (deleted since) counts as banned, so they write nothing. */
export async function isUserBanned(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ isBanned: users.isBanned }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.isBanned ?? true;
}

// A reader's new-chapter mail choice and their last digest are users columns (reading's CONTEXT.md):
// notifications reads and sets them here, and its digest's claim names them in raw SQL.

type NewChapterEmail = NotificationPreferences['newChapterEmail'];

export async function findNewChapterEmail(db: Database, userId: string): Promise<NewChapterEmail | undefined> {
  const [row] = await db.select({ value: users.newChapterEmail }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.value;
}

/**
 * Sets the reader's choice. Choosing the daily digest starts its window now, so the first digest
 * comes a day later with what came out since, never a backlog from an earlier spell of 'daily'.
 * True when the reader exists.
 */
export async function setNewChapterEmail(db: Database, userId: string, value: NewChapterEmail, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      newChapterEmail: value,
      lastDigestAt: sql`case when ${value} = 'daily' and ${users.newChapterEmail} <> 'daily' then ${at(now)} else ${users.lastDigestAt} end`,
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * `values`, another module's expressions about one user, read as one row (none when the user is
 * gone): the bell's counts, each a subquery on the notices' indexes, in one round trip.
 */
export function selectForUser<T extends SelectedFields>(db: Database, userId: string, values: T) {
  return db.select(values).from(users).where(eq(users.id, userId));
}

/** Locks the user's row until the transaction ends: a limit per user (device keys) is counted one request at a time. */
export async function lockUser(db: Database, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
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

// A reader's balance is `users.coins`; how coins move (the ledger, what they buy, who may spend) is
// the wallet's, which calls these inside its transaction (DESIGN §5).

/** Locks the user's row until the transaction ends and reads their coins: a check and its charge see the same balance. */
export async function lockCoins(tx: Database, userId: string): Promise<number | undefined> {
  const [row] = await tx.select({ coins: users.coins }).from(users).where(eq(users.id, userId)).for('update');
  return row?.coins;
}

/**
 * Adds `delta` coins (takes them when negative) by one conditional UPDATE that never takes the
 * balance below 0 (the CHECK says so too): the balance after, or null, changing nothing, when too low.
 */
export async function addCoins(tx: Database, userId: string, delta: number): Promise<number | null> {
  const [updated] = await tx
    .update(users)
    .set({ coins: sql`${users.coins} + ${delta}` })
    .where(and(eq(users.id, userId), sql`${users.coins} + ${delta} >= 0`))
    .returning({ coins: users.coins });
  return updated ? updated.coins : null;
}

/** The coins sitting in every wallet, for the finance page. */
export async function coinsInWallets(db: Database): Promise<number> {
  const [row] = await db.select({ sum: sql<number>`coalesce(sum(${users.coins}), 0)::int` }).from(users);
  return row?.sum ?? 0;
}

/** Whether the user holds a premium pass at `now` (access's one rule of it), read in the caller's transaction (an unlock's). */
export async function hasPremiumPassNow(db: Database, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ premium: hasPremiumPass(now) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.premium ?? false;
}

/** Which of these ids are users (a series' payees before they are set). */
export async function existingUserIds(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  return new Set(rows.map((row) => row.id));
}

/** A gift's giver shown among a series' supporters: one who chose to be shown and is not banned (beside `joinUser`). */
export const userShownAsSupporter = (): SQL => and(eq(users.showAsSupporter, true), eq(users.isBanned, false))!;
