import type { Role, UserStatus } from '@inkwell/contract';
import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../../../../db/client';
import { users } from '../../../../db/schema';
import { countKeys, listCountQuery } from '../../../../db/list-counts';
import { escapeLike } from '../../../../db/sql';
import { currentPlanName, hasPremiumPass, premiumPassColumn } from '../../access';

// The team's list and page of users (admin-users, issue 10 §2): the users rows, their filters and
// indexes are users'; what admin-users adds about each user from other tables (auth's last visit and
// sessions) comes in as `activity`, columns written against `userIdRef` (users.sql.ts).

/** A user as the team's list shows them: their account and membership (as of `now`). */
const teamUserColumns = (now: Date) => ({
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  coins: users.coins,
  isBanned: users.isBanned,
  createdAt: users.createdAt,
  membership: currentPlanName(now),
  isPremium: premiumPassColumn(now),
});

export interface UserFilter {
  q?: string | undefined;
  role?: Role | undefined;
  status?: UserStatus | undefined;
}

function userWhere(filter: UserFilter, now: Date): SQL | undefined {
  // A deleted account (issue 36 §3) is nobody's any more: the team's list and search never find it.
  const conditions: SQL[] = [isNull(users.deletedAt)];
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
export const isCountedByRole = (filter: UserFilter) => !filter.q?.trim() && filter.status !== 'premium';

/**
 * How a search's page is found (issue 40). `matches`: from the first `cap` matches the trigram
 * indexes find (every match when absent), sorted newest first; the rows carry how many of those
 * there were (`total`). `newest`: users_created_idx is walked newest first over the newest `span`
 * users, keeping those that match, and stops at the page: a name thousands share fills a page
 * within a few hundred users, where sorting every match would read each of their rows. No total.
 */
export type SearchScan = { by: 'matches'; cap?: number } | { by: 'newest'; span: number };

/** The users a page is chosen from: for a walk, the newest `span` of them in order, as a subquery named users. */
function pageSource(db: Database, filter: UserFilter, now: Date, scan: SearchScan) {
  if (scan.by === 'newest') {
    // No condition inside, so the planner reads the index for `span` rows whatever it believes of
    // the conditions (outside, where the filter's own names resolve to this subquery's columns).
    const { id, createdAt, username, email, role, isBanned, deletedAt } = users;
    const newest = db
      .select({ id, createdAt, username, email, role, isBanned, deletedAt })
      .from(users)
      .orderBy(...newestFirst)
      .limit(scan.span)
      .as('users');
    return { from: newest, where: userWhere(filter, now), ordered: false };
  }
  if (scan.cap === undefined) return { from: users, where: userWhere(filter, now), ordered: true };
  // The first `cap` matches in any order: the trigram indexes find them and the sort stays small.
  const capped = db
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(userWhere(filter, now))
    .limit(scan.cap)
    .as('users');
  return { from: capped, where: undefined, ordered: true };
}

/**
 * A page of users, newest first, with `activity` after their columns. The page's ids are chosen
 * first (users_created_idx, or the search's indexes, as `scan` says), and only those rows get their
 * membership and activity: never every match. A search's rows carry how many users match
 * (`total`, a window over the matches it sorts; null for a walk); a list by role counts from
 * list_counts instead (teamUserCountQuery).
 */
export function teamUserPageQuery<T extends SelectedFields>(
  db: Database,
  filter: UserFilter,
  page: number,
  perPage: number,
  now: Date,
  activity: T,
  scan: SearchScan = { by: 'matches' },
) {
  const counted = !isCountedByRole(filter) && scan.by === 'matches';
  const source = isCountedByRole(filter)
    ? { from: users, where: userWhere(filter, now), ordered: true }
    : pageSource(db, filter, now, scan);
  const chosen = db
    .select({
      id: users.id,
      total: (counted ? sql<number | null>`(count(*) over ())::int` : sql<number | null>`null::int`).as('total'),
    })
    .from(source.from)
    .where(source.where);
  // A walk keeps its subquery's order: an order by here would plan for every row and sort them.
  const pageIds = (source.ordered ? chosen.orderBy(...newestFirst) : chosen)
    .limit(perPage)
    .offset((page - 1) * perPage)
    .as('page');
  return db
    .select({ ...teamUserColumns(now), ...activity, total: pageIds.total })
    .from(users)
    .innerJoin(pageIds, eq(pageIds.id, users.id))
    .orderBy(...newestFirst);
}

/**
 * How many users match, as issued. With no search and no premium filter it is a sum of a few
 * rows of list_counts (by role and ban), which stays exact at any size; otherwise the indexes
 * above find the matches and they are counted, up to `cap` when given (a common name stops there).
 */
export function teamUserCountQuery(db: Database, filter: UserFilter, now: Date, cap?: number) {
  if (isCountedByRole(filter)) {
    const roles = filter.role ? [filter.role] : users.role.enumValues;
    const banned = filter.status === 'active' ? ['false'] : filter.status === 'banned' ? ['true'] : ['false', 'true'];
    return listCountQuery(db, 'users', countKeys(roles, banned));
  }
  if (cap === undefined) return db.select({ n: count() }).from(users).where(userWhere(filter, now));
  const found = db.select({ id: users.id }).from(users).where(userWhere(filter, now)).limit(cap).as('found');
  return db.select({ n: count() }).from(found);
}

/** One user as the team's page shows them: the list's columns, `activity`, their picture and whether 2FA is on. */
export async function findTeamUser<T extends SelectedFields>(db: Database, id: string, now: Date, activity: T) {
  const [row] = await db
    .select({
      ...teamUserColumns(now),
      ...activity,
      avatarUrl: users.avatarUrl,
      twoFactorEnabled: sql<boolean>`("users"."totp_enabled_at" is not null)`,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}
