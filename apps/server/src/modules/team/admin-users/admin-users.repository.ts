import type { Database } from '../../../db/client';
import { totalOfPage } from '../../../db/sql';
import { lastSeenColumn, sessionCountColumn } from '../../identity/auth';
import {
  findTeamUser,
  isCountedByRole,
  teamUserCountQuery,
  teamUserPageQuery,
  type UserFilter,
  userIdRef,
} from '../../identity/users';

// The users rows, their filters and indexes are users'; their sessions are auth's. The team's list
// and page read both in one query: users' queries with auth's columns about each user.

/** A page of users, newest first, with their latest activity (users' teamUserPageQuery, as issued). */
export function userPageQuery(db: Database, filter: UserFilter, page: number, perPage: number, now: Date) {
  return teamUserPageQuery(db, filter, page, perPage, now, { lastSeenAt: lastSeenColumn(userIdRef) });
}

/** How many users match, as issued. */
export const userCountQuery = teamUserCountQuery;

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

/** One user with what their detail shows beyond the list's row: their picture, 2FA and sessions. */
export function findAdminUser(db: Database, id: string, now: Date) {
  return findTeamUser(db, id, now, { lastSeenAt: lastSeenColumn(userIdRef), sessionCount: sessionCountColumn(userIdRef) });
}
