import type { Role, UserStatus } from '@inkwell/contract';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { users } from '../../../db/schema';
import { countKeys, listCountQuery } from '../../../db/list-counts';
import { escapeLike, totalOfPage } from '../../../db/sql';
import { currentPlanName, hasPremiumPass, premiumPassColumn } from '../../identity/access';
import { lastSeenColumn, sessionCountColumn } from '../../identity/auth';

// Written out: inside a one-table select Drizzle leaves column names unqualified (see users.repository).
const userId = sql`"users"."id"`;

/** A user as the admin's list shows them: their account, membership (as of `now`) and latest activity. */
const adminUserColumns = (now: Date) => ({
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  coins: users.coins,
  isBanned: users.isBanned,
  createdAt: users.createdAt,
  membership: currentPlanName(now),
  isPremium: premiumPassColumn(now),
  lastSeenAt: lastSeenColumn(userId),
});

export interface UserFilter {
  q?: string | undefined;
  role?: Role | undefined;
  status?: UserStatus | undefined;
}

function userWhere(filter: UserFilter, now: Date): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.status === 'active') conditions.push(eq(users.isBanned, false));
  if (filter.status === 'banned') conditions.push(eq(users.isBanned, true));
  if (filter.status === 'premium') conditions.push(hasPremiumPass(now));
  const q = filter.q?.trim();
  if (q) {
    // Part of a name or address, in any case: from 3 characters the trigram indexes on both
    // (users_username_trgm_idx, users_email_trgm_idx) find the matches; a shorter search has no
    // trigram to look up, so it reads the users newest first and keeps those that match.
    const like = `%${escapeLike(q)}%`;
    const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(q);
    conditions.push(or(ilike(users.username, like), ilike(users.email, like), ...(isId ? [eq(users.id, q)] : []))!);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Newest first, as users_created_idx is read backwards (created_at, then id, both descending). */
const newestFirst = [desc(users.createdAt), desc(users.id)];

/** Counted from list_counts (a few rows by role and ban) rather than by finding the matches. */
const isCountedByRole = (filter: UserFilter) => !filter.q?.trim() && filter.status !== 'premium';

/**
 * A page of users, newest first. The page's ids are chosen first (users_created_idx, or the
 * search's indexes), and only those rows get their membership and last visit: never every match.
 * A search's rows carry how many users match (`total`, a window over the matches it found anyway
 * to sort them); a list by role counts from list_counts instead (userCountQuery).
 */
export function userPageQuery(db: Database, filter: UserFilter, page: number, perPage: number, now: Date) {
  const pageIds = db
    .select({
      id: users.id,
      total: (isCountedByRole(filter) ? sql<number | null>`null::int` : sql<number | null>`(count(*) over ())::int`).as('total'),
    })
    .from(users)
    .where(userWhere(filter, now))
    .orderBy(...newestFirst)
    .limit(perPage)
    .offset((page - 1) * perPage)
    .as('page');
  return db
    .select({ ...adminUserColumns(now), total: pageIds.total })
    .from(users)
    .innerJoin(pageIds, eq(pageIds.id, users.id))
    .orderBy(...newestFirst);
}

/**
 * How many users match, as issued. With no search and no premium filter it is a sum of a few
 * rows of list_counts (by role and ban), which stays exact at any size; otherwise the indexes
 * above find the matches and they are counted.
 */
export function userCountQuery(db: Database, filter: UserFilter, now: Date) {
  if (isCountedByRole(filter)) {
    const roles = filter.role ? [filter.role] : users.role.enumValues;
    const banned = filter.status === 'active' ? ['false'] : filter.status === 'banned' ? ['true'] : ['false', 'true'];
    return listCountQuery(db, 'users', countKeys(roles, banned));
  }
  return db.select({ n: count() }).from(users).where(userWhere(filter, now));
}

/** Users newest first, a page at a time, with how many match. */
export async function searchUsers(db: Database, filter: UserFilter, page: number, perPage: number, now: Date) {
  if (isCountedByRole(filter)) {
    const [found, [total]] = await Promise.all([userPageQuery(db, filter, page, perPage, now), userCountQuery(db, filter, now)]);
    return { rows: found.map(({ total: _total, ...row }) => row), total: total?.n ?? 0 };
  }
  const found = await userPageQuery(db, filter, page, perPage, now);
  const rows = found.map(({ total: _total, ...row }) => row);
  const total = await totalOfPage(found, page, async () => (await userCountQuery(db, filter, now))[0]?.n ?? 0);
  return { rows, total };
}

export type AdminUserRow = Awaited<ReturnType<typeof searchUsers>>['rows'][number];

/** One user with what their detail shows beyond the list's row. */
export async function findAdminUser(db: Database, id: string, now: Date) {
  const [row] = await db
    .select({
      ...adminUserColumns(now),
      avatarUrl: users.avatarUrl,
      twoFactorEnabled: sql<boolean>`("users"."totp_enabled_at" is not null)`,
      sessionCount: sessionCountColumn(userId),
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/**
 * The admins who can still sign in, their rows locked to the end of the transaction, in one
 * order so two admins changing each other wait for one another instead of deadlocking. A row
 * demoted or banned by a transaction that committed meanwhile is re-read and left out.
 */
export async function lockActiveAdmins(tx: Database): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isBanned, false)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** The user's row, locked to the end of the transaction. */
export async function lockUser(tx: Database, id: string) {
  const [row] = await tx
    .select({ id: users.id, username: users.username, role: users.role, isBanned: users.isBanned, coins: users.coins })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row;
}

export async function updateRoleAndBan(tx: Database, id: string, values: { role?: Role; isBanned?: boolean }): Promise<void> {
  await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}
