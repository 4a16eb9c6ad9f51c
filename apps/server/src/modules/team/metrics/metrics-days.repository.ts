import { and, asc, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { metricsDays } from '../../../db/schema';
import { rows, type AdminDayRow, type TeamDayRow } from './metrics.repository';

/** A closed day's figures as the roll-up keeps them. */
export type RolledDay = typeof metricsDays.$inferInsert;

/** The rolled-up days from `from` to `to` (both included), in the live team query's shape. */
export function listRolledTeamDays(db: Database, from: string, to: string): Promise<TeamDayRow[]> {
  return db
    .select({
      day: metricsDays.day,
      views: metricsDays.views,
      followers: metricsDays.followers,
      comments: metricsDays.comments,
      unlocks: metricsDays.unlocks,
      unlock_coins: metricsDays.unlockCoins,
    })
    .from(metricsDays)
    .where(and(gte(metricsDays.day, from), lte(metricsDays.day, to)))
    .orderBy(asc(metricsDays.day));
}

/** The rolled-up days from `from` to `to` (both included), in the live admin query's shape. */
export function listRolledAdminDays(db: Database, from: string, to: string): Promise<AdminDayRow[]> {
  return db
    .select({
      day: metricsDays.day,
      paid: metricsDays.paid,
      refunded: metricsDays.refunded,
      coins_sold: metricsDays.coinsSold,
      coins_spent: metricsDays.coinsSpent,
      signups: metricsDays.signups,
      active: metricsDays.active,
      mrr: metricsDays.mrr,
    })
    .from(metricsDays)
    .where(and(gte(metricsDays.day, from), lte(metricsDays.day, to)))
    .orderBy(asc(metricsDays.day));
}

/** Coin purchases of every rolled-up day up to `to`, and which days those are (for the gaps). */
export function listRolledCoinPurchases(db: Database, to: string) {
  return db
    .select({
      day: metricsDays.day,
      coins: metricsDays.coinPurchaseCoins,
      paid: metricsDays.coinPurchasePaid,
    })
    .from(metricsDays)
    .where(lte(metricsDays.day, to))
    .orderBy(asc(metricsDays.day));
}

/**
 * Writes closed days' figures. A day already written (by another instance, or an earlier run)
 * stays as it is: `on conflict do nothing` on the day. Answers the days this call wrote.
 */
export async function insertRolledDays(db: Database, days: RolledDay[]): Promise<number> {
  if (days.length === 0) return 0;
  const written = await db.insert(metricsDays).values(days).onConflictDoNothing().returning({ day: metricsDays.day });
  return written.length;
}

/**
 * The first UTC day anything was counted on (YYYY-MM-DD), or null on an empty site; each a read of
 * the start of an index. (A subscription starts with its paid purchase, so purchases cover it.)
 */
export async function firstActivityDay(db: Database): Promise<string | null> {
  const day = (query: ReturnType<typeof sql>) => sql`((${query}) at time zone 'UTC')::date`;
  const [row] = await rows<{ day: string | null }>(
    db,
    sql`
        select to_char(least(
          (select min(day) from daily_views),
          ${day(sql`select min(created_at) from bookmarks`)},
          ${day(sql`select min(created_at) from comments`)},
          ${day(sql`select min(created_at) from chapter_unlocks`)},
          ${day(sql`select min(created_at) from users`)},
          ${day(sql`select min(paid_at) from purchases`)},
          ${day(sql`select min(created_at) from coin_ledger where kind = 'purchase'`)},
          ${day(sql`select min(created_at) from coin_ledger where kind = 'subscription_coins'`)},
          ${day(sql`select min(created_at) from coin_ledger where kind = 'unlock'`)}
        ), 'YYYY-MM-DD') as day`,
  );
  return row?.day ?? null;
}

/**
 * The first day the roll-up holds (YYYY-MM-DD), or null. It rolls up from the first day anything
 * was counted, oldest first, so nothing was counted before this day.
 */
export async function firstRolledDay(db: Database): Promise<string | null> {
  const [row] = await db.select({ day: sql<string | null>`min(${metricsDays.day})::text` }).from(metricsDays);
  return row?.day ?? null;
}

/** Up to `limit` days from `first` to `last` (both included) that are not rolled up, oldest first. */
export async function listDaysToRollUp(db: Database, first: string, last: string, limit: number): Promise<string[]> {
  const found = await rows<{ day: string }>(
    db,
    sql`
        select to_char(d, 'YYYY-MM-DD') as day
        from generate_series(${first}::timestamp, ${last}::timestamp, interval '1 day') as d
        where not exists (select 1 from metrics_days m where m.day = d::date)
        order by d limit ${limit}`,
  );
  return found.map((row) => row.day);
}
