import { and, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { seriesTiers, subscriptions } from '../../../../db/schema';
import { subscriptionRunning } from '../../../identity/access';
import { joinSeries, seriesLinkColumns } from '../../../catalogue/series';

// A reader's memberships of series (issue 38 §1): subscriptions to a series' tier. Running as a
// plan runs (active, its period not over; a cancelled one until its period ends).

const running = (now: Date) => and(isNotNull(subscriptions.tierId), subscriptionRunning(now, 'subscriptions'));

const membershipColumns = { subscription: subscriptions, tier: seriesTiers, series: seriesLinkColumns };
export type MembershipRow = {
  subscription: typeof subscriptions.$inferSelect;
  tier: typeof seriesTiers.$inferSelect;
  series: { id: string; slug: string; title: string };
};

/** The reader's running memberships, newest first (ME/memberships). */
export function runningMemberships(db: Database, userId: string, now: Date): Promise<MembershipRow[]> {
  return db
    .select(membershipColumns)
    .from(subscriptions)
    .innerJoin(seriesTiers, eq(seriesTiers.id, subscriptions.tierId))
    .innerJoin(...joinSeries(subscriptions.seriesId))
    .where(and(eq(subscriptions.userId, userId), running(now)))
    .orderBy(desc(subscriptions.startedAt), desc(subscriptions.id));
}

/** One membership by its subscription's id, whatever its state; undefined for a plan's subscription. */
export async function findMembership(db: Database, id: string): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select(membershipColumns)
    .from(subscriptions)
    .innerJoin(seriesTiers, eq(seriesTiers.id, subscriptions.tierId))
    .innerJoin(...joinSeries(subscriptions.seriesId))
    .where(eq(subscriptions.id, id));
  return row;
}

/** Whether the reader is a member of the series now (checkout's "already a member"). */
export async function isMemberOf(db: Database, userId: string, seriesId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.seriesId, seriesId), running(now)))
    .limit(1);
  return row !== undefined;
}

/**
 * For access's early-access rule: each series the reader is a member of now, with the days ahead
 * their tier opens its chapters (the largest, should two rows ever run). Every running membership
 * is listed, 0 days included.
 */
export async function memberEarlyAccess(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ seriesId: string; earlyAccessDays: number }[]> {
  return db
    .select({
      seriesId: sql<string>`${subscriptions.seriesId}`,
      earlyAccessDays: sql<number>`max(${seriesTiers.earlyAccessDays})::int`,
    })
    .from(subscriptions)
    .innerJoin(seriesTiers, eq(seriesTiers.id, subscriptions.tierId))
    .where(and(eq(subscriptions.userId, userId), running(now)))
    .groupBy(subscriptions.seriesId);
}

/** A series' members now, and how many joined in [from, to) (the team's funnel; 0 without a range). */
export async function seriesMemberCounts(
  db: Database,
  seriesId: string,
  now: Date,
  range: { from: Date; to: Date } = { from: now, to: now },
): Promise<{ running: number; joined: number }> {
  const [row] = await db
    .select({
      running: sql<number>`count(*) filter (where ${subscriptionRunning(now, 'subscriptions')})::int`,
      joined: sql<number>`count(*) filter (where ${gte(subscriptions.startedAt, range.from)} and ${lt(subscriptions.startedAt, range.to)})::int`,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.seriesId, seriesId), isNotNull(subscriptions.tierId)));
  return { running: row?.running ?? 0, joined: row?.joined ?? 0 };
}
