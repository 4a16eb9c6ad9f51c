import type { SeriesRole } from '@inkwell/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../../../db/schema';
import { currentPlanName, hasPremiumPass } from '../access';

// The users columns and joins other modules' queries compose (issue 34 §2): a row's user is joined
// once, here, and each reader picks the named set of columns it shows.

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
  /** A few words the reader wrote about themself (issue 36 §1): the profile shows them. */
  bio: users.bio,
  locale: users.locale,
  /** The languages the reader reads series in (issue 35 §2): the edition a series opens in for them. */
  contentLanguages: users.contentLanguages,
  /** The reader opted in to series marked Adult (issue 36 §4): lists and pages show them. */
  showAdult: users.showAdult,
  /** Two-factor sign-in is on (issue 10): the profile shows it, admins need it for configuration. */
  totpEnabledAt: users.totpEnabledAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  membership: currentPlanName(now),
  isPremium: hasPremiumPass(now),
});

/**
 * Never the password hash nor the two-factor secret: requests carry only whether 2FA is on. Nor
 * `deletedAt`: a deleted account has no session (issue 36 §3).
 */
export type AuthUser = Omit<
  UserRow,
  'passwordHash' | 'newChapterEmail' | 'lastDigestAt' | 'totpSecret' | 'totpLastStep' | 'showAsSupporter' | 'deletedAt'
> & {
  membership: string | null;
  isPremium: boolean;
  /**
   * The series whose team they are on (issue 37 §3), read with the session (auth) and at sign-in;
   * absent where the user was read without them (a profile's own edits).
   */
  seriesRoles?: SeriesRole[];
  /**
   * Early-access days per series of the memberships running now (issue 38 §1), read with the
   * session (auth, from subscriptions' `earlyAccessColumn`): the viewer's `earlyAccess`. Never sent
   * to the browser. Absent where the user was read without them.
   */
  earlyAccess?: Record<string, number>;
};

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
export const userAuthorColumns = {
  id: users.id,
  username: users.username,
  role: users.role,
  avatarUrl: users.avatarUrl,
  avatarVersion: users.avatarVersion,
  /** A few words about themself, shown with what they write (issue 36 §1). */
  bio: users.bio,
};

/** A row's user by name alone (who sent a comment's report), beside `joinUser`. */
export const userNameColumns = { username: users.username };

/** A gift's giver shown among a series' supporters: one who chose to be shown and is not banned (beside `joinUser`). */
export const userShownAsSupporter = (): SQL => and(eq(users.showAsSupporter, true), eq(users.isBanned, false))!;

/**
 * The user's id inside the team's queries (queries/team-users.ts), for another module's correlated
 * subqueries about the user (auth's `lastSeenColumn`). Written out: inside a one-table select
 * Drizzle leaves column names unqualified.
 */
export const userIdRef = sql`"users"."id"`;
