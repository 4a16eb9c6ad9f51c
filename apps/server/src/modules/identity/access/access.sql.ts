import { sql, type SQL } from 'drizzle-orm';
import { at } from '../../../db/sql';

// The SQL fragments of "premium now" that other modules' queries compose (issue 34 §2, decision 0036).

/**
 * A subscription runs at `now` while it is active and its period has not ended: written once for
 * every query that asks (premium now below, the subscriptions' own, the metrics' count). `now` is
 * the request's time from the injected clock (never the database's `now()`, so a test that moves
 * the clock moves premium with it). A cancelled plan counts until its period ends. `s` is the
 * alias the query gives the subscriptions row. It is written here, under "premium now", rather
 * than in the subscriptions module: that one sits above access (it credits coins through the
 * wallet, which asks access), so access cannot import it.
 */
export const subscriptionRunning = (now: Date, s = 's') =>
  sql`${sql.raw(s)}.status = 'active' and ${sql.raw(s)}.current_period_end > ${at(now)}`;

// Written out whole: inside a one-table select Drizzle leaves column names unqualified, which
// would make "id" ambiguous in these correlated subqueries. They read from the "users" table.

/** The running plan's name (SPEC §3 `membership`), or null. */
export const currentPlanName = (now: Date) =>
  sql<
    string | null
  >`(select p.name from subscriptions s join plans p on p.id = s.plan_id where s.user_id = "users"."id" and ${subscriptionRunning(now)} limit 1)`;

/** SPEC §3 `isPremium`: the running plan includes premium chapters. */
export const hasPremiumPass = (now: Date): SQL<boolean> =>
  sql<boolean>`exists (select 1 from subscriptions s join plans p on p.id = s.plan_id where s.user_id = "users"."id" and ${subscriptionRunning(now)} and p.includes_premium)`;

/**
 * The same as a column of a list of users: looked up per row on the user's own subscription. As
 * `exists`, the planner may answer a list of 25 users by reading every running premium
 * subscription into a hash (2,600 rows on a large site) instead of 25 index lookups.
 */
export const premiumPassColumn = (now: Date): SQL<boolean> =>
  sql<boolean>`coalesce((select bool_or(p.includes_premium) from subscriptions s join plans p on p.id = s.plan_id where s.user_id = "users"."id" and ${subscriptionRunning(now)}), false)`;

/** How many running subscriptions a plan has (reads from the "plans" table). */
export const runningSubscribersOfPlan = (now: Date) =>
  sql<number>`(select count(*)::int from subscriptions s where s.plan_id = "plans"."id" and ${subscriptionRunning(now)})`;
