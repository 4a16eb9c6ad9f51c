// View counts (issue 7 §4.13): per-day totals and who has been counted today.
import type { AmountsByCurrency } from '@inkwell/contract';
import { bigint, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { series } from './catalogue';

/** A series-level row has the nil uuid as chapter_id. Rows are added up in batches, never per read. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
export const dailyViews = pgTable(
  'daily_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    chapterId: uuid('chapter_id').notNull().default(NIL_UUID),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.seriesId, t.chapterId] }), index('daily_views_series_day_idx').on(t.seriesId, t.day)],
);

/**
 * Who has been counted today for what (issue 7 §4.13): a view counts once per visitor per series
 * or chapter per day, across every instance. `visitor` is a user id or a daily hash of address and
 * browser; rows older than two days are pruned by a job.
 */
export const viewMarks = pgTable(
  'view_marks',
  {
    day: date('day', { mode: 'string' }).notNull(),
    visitor: text('visitor').notNull(),
    seriesId: uuid('series_id').notNull(),
    chapterId: uuid('chapter_id').notNull().default(NIL_UUID),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitor, t.seriesId, t.chapterId] })],
);

/**
 * The team's and admins' daily figures of each closed UTC day, written once by the
 * `metrics.roll-up` job (metrics-rollup.ts) so a range of metrics reads one row per day instead of
 * every source row. A row is never updated: a day's figures are frozen as they were when it was
 * rolled up (a follow removed or a comment deleted later no longer changes the day it was made).
 * Money columns are amounts per currency; `mrr` and `active` are the subscriptions running at the
 * day's end. `coin_purchase_*`: coin purchases paid that day, refunded ones included (the coin
 * value takes refunds off live, whenever they come).
 */
export const metricsDays = pgTable('metrics_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  views: bigint('views', { mode: 'number' }).notNull(),
  followers: bigint('followers', { mode: 'number' }).notNull(),
  comments: bigint('comments', { mode: 'number' }).notNull(),
  unlocks: bigint('unlocks', { mode: 'number' }).notNull(),
  unlockCoins: bigint('unlock_coins', { mode: 'number' }).notNull(),
  /** Money columns: {currency: amount in its minor unit}, currencies with none left out (issue 38 §3). */
  paid: jsonb('paid').$type<AmountsByCurrency>().notNull(),
  refunded: jsonb('refunded').$type<AmountsByCurrency>().notNull(),
  coinsSold: bigint('coins_sold', { mode: 'number' }).notNull(),
  coinsSpent: bigint('coins_spent', { mode: 'number' }).notNull(),
  signups: bigint('signups', { mode: 'number' }).notNull(),
  active: bigint('active', { mode: 'number' }).notNull(),
  mrr: jsonb('mrr').$type<AmountsByCurrency>().notNull(),
  coinPurchaseCoins: bigint('coin_purchase_coins', { mode: 'number' }).notNull(),
  coinPurchasePaid: jsonb('coin_purchase_paid').$type<AmountsByCurrency>().notNull(),
  rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A top list's closed days ranked once for every instance (issue 40): a range whose row is here has
 * its keys' sums in metrics_closed_sums. The instance that inserts the row ranks the range in the
 * same transaction, so another asking at once waits for it and reads (metrics-closed.ts). Rows are
 * pruned a few days after they were ranked.
 */
export const metricsClosedRanges = pgTable(
  'metrics_closed_ranges',
  {
    list: text('list').notNull(),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    rankedAt: timestamp('ranked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.list, t.fromDay, t.toDay] })],
);

/**
 * Each key's sums over a ranked range (`n`: views or unlocks; `coins`), with `position`: its rank
 * in the list's order, keys level by the list's sums sharing the first one's (SQL `rank()`).
 */
export const metricsClosedSums = pgTable(
  'metrics_closed_sums',
  {
    list: text('list').notNull(),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    keyId: uuid('key_id').notNull(),
    position: integer('position').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    coins: bigint('coins', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.list, t.fromDay, t.toDay, t.keyId] }),
    foreignKey({
      name: 'metrics_closed_sums_range_fk',
      columns: [t.list, t.fromDay, t.toDay],
      foreignColumns: [metricsClosedRanges.list, metricsClosedRanges.fromDay, metricsClosedRanges.toDay],
    }).onDelete('cascade'),
    index('metrics_closed_sums_position_idx').on(t.list, t.fromDay, t.toDay, t.position),
  ],
);
