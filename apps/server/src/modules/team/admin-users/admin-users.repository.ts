import type { Database } from '../../../db/client';
import { totalOfPage } from '../../../db/sql';
import { lastSeenColumn, sessionCountColumn } from '../../identity/auth';
import {
  findTeamUser,
  isCountedByRole,
  teamUserCountQuery,
  teamUserPageQuery,
  type SearchScan,
  type UserFilter,
  userIdRef,
} from '../../identity/users';

// The users rows, their filters and indexes are users'; their sessions are auth's. The team's list
// and page read both in one query: users' queries with auth's columns about each user.

/**
 * How many matches a search counts before it says "at least" (issue 40): counting, like sorting,
 * reads every match's row, and a name thousands of users share would read thousands.
 */
export const USER_SEARCH_COUNT_CAP = 1000;
/** How many of the newest users a walk for a common name reads at most before it sorts every match instead. */
const WALK_SPAN = 20_000;

/** A page of users, newest first, with their latest activity (users' teamUserPageQuery, as issued). */
export function userPageQuery(db: Database, filter: UserFilter, page: number, perPage: number, now: Date, scan?: SearchScan) {
  return teamUserPageQuery(db, filter, page, perPage, now, { lastSeenAt: lastSeenColumn(userIdRef) }, scan);
}

/** How many users match, as issued (up to `cap` when given). */
export const userCountQuery = teamUserCountQuery;

const withoutTotal = <T extends { total: number | null }>(found: T[]): Omit<T, 'total'>[] =>
  found.map(({ total: _total, ...row }) => row);

/**
 * Users newest first, a page at a time, with how many match. A search counts its matches up to
 * USER_SEARCH_COUNT_CAP (`totalCapped`: at least that many): below it, the page is sorted from
 * those matches; past it, the name is common and the newest users are walked until the page is
 * full. A walk that runs out first (a deep page, or matches all among the oldest) sorts every match.
 */
export async function searchUsers(db: Database, filter: UserFilter, page: number, perPage: number, now: Date) {
  if (isCountedByRole(filter)) {
    const [found, [total]] = await Promise.all([userPageQuery(db, filter, page, perPage, now), userCountQuery(db, filter, now)]);
    return { rows: withoutTotal(found), total: total?.n ?? 0, totalCapped: false };
  }
  const cap = USER_SEARCH_COUNT_CAP + 1;
  const found = await userPageQuery(db, filter, page, perPage, now, { by: 'matches', cap });
  const counted = await totalOfPage(found, page, async () => (await userCountQuery(db, filter, now, cap))[0]?.n ?? 0);
  if (counted < cap) return { rows: withoutTotal(found), total: counted, totalCapped: false };

  const walked = await userPageQuery(db, filter, page, perPage, now, { by: 'newest', span: WALK_SPAN });
  if (walked.length === perPage) return { rows: withoutTotal(walked), total: USER_SEARCH_COUNT_CAP, totalCapped: true };
  const sorted = await userPageQuery(db, filter, page, perPage, now, { by: 'matches' });
  const total = await totalOfPage(sorted, page, async () => (await userCountQuery(db, filter, now))[0]?.n ?? 0);
  return { rows: withoutTotal(sorted), total, totalCapped: false };
}

export type AdminUserRow = Awaited<ReturnType<typeof searchUsers>>['rows'][number];

/** One user with what their detail shows beyond the list's row: their picture, 2FA and sessions. */
export function findAdminUser(db: Database, id: string, now: Date) {
  return findTeamUser(db, id, now, { lastSeenAt: lastSeenColumn(userIdRef), sessionCount: sessionCountColumn(userIdRef) });
}
