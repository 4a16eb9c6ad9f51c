// Coins once bought (DESIGN §5 Coins; decision 0009): the ledger of every movement and the chapters they unlocked.
import type { Currency } from '@inkwell/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { chapters, series } from './catalogue';
import { purchases } from './store';
import { users } from './users';

/**
 * Every coin movement. Append-only (a trigger refuses UPDATE and DELETE): corrections and refunds
 * are new rows. `users.coins` changes only in the transaction that adds the row explaining it.
 */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    delta: integer('delta').notNull(),
    kind: text('kind', {
      enum: ['purchase', 'unlock', 'subscription_coins', 'refund', 'adjustment', 'gift', 'forfeit'],
    }).notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    /** No foreign key: the ledger keeps its rows if the chapter is ever deleted (the reason names it). */
    chapterId: uuid('chapter_id'),
    purchaseId: uuid('purchase_id').references(() => purchases.id),
    /** Once-only credits (a purchase, a subscription period) carry a key: the same key never credits twice. */
    idempotencyKey: text('idempotency_key'),
    /** The admin who made an adjustment. */
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('coin_ledger_user_created_idx').on(t.userId, t.createdAt.desc(), t.id),
    uniqueIndex('coin_ledger_idempotency_key').on(t.idempotencyKey),
    // Coins sold and spent per day (metrics), the amounts in the index so a live day reads no rows.
    index('coin_ledger_kind_created_idx').on(t.kind, t.createdAt, t.delta),
    check('coin_ledger_delta_nonzero', sql`${t.delta} <> 0`),
    check('coin_ledger_balance_nonnegative', sql`${t.balanceAfter} >= 0`),
  ],
);

/** A chapter a reader unlocked with coins: unique per reader and chapter, so it is charged once. */
export const chapterUnlocks = pgTable(
  'chapter_unlocks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    /** Coins paid (the price at that moment). */
    coins: integer('coins').notNull(),
    ledgerId: uuid('ledger_id').references(() => coinLedger.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.chapterId] }),
    index('chapter_unlocks_chapter_idx').on(t.chapterId),
    // Unlocks and revenue per day (metrics), the coins in the index so a live day reads no rows.
    index('chapter_unlocks_created_idx').on(t.createdAt, t.coins),
  ],
);

/**
 * The series in which a reader chose, while unlocking a chapter, to have the next chapters unlock
 * by themselves (issue 21 §1): the per-series form of `users.auto_unlock`, which covers every series.
 */
export const seriesAutoUnlocks = pgTable(
  'series_auto_unlocks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.seriesId] })],
);

/**
 * A chapter opened for a while, not bought (issue 22 §1): by the series' wait-until-free pass or its
 * daily free. One row per rental, never changed: the pass's and the daily free's state is read
 * from a reader's latest rental of each kind in the series (it recharges from that rental's start).
 */
export const chapterRentals = pgTable(
  'chapter_rentals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['wait_pass', 'daily_free'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // A reader's latest rental of a kind in a series (the pass's and the daily free's state).
    index('chapter_rentals_user_series_idx').on(t.userId, t.seriesId, t.method, t.startsAt.desc()),
    // Whether a reader's chapters are open by a rental now.
    index('chapter_rentals_user_chapter_idx').on(t.userId, t.chapterId, t.endsAt.desc()),
    check('chapter_rentals_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Coins a reader sent to a series (issue 22 §2), with their message; the ledger row is the debit. */
export const seriesGifts = pgTable(
  'series_gifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    message: text('message').notNull().default(''),
    ledgerId: uuid('ledger_id')
      .notNull()
      .references(() => coinLedger.id),
    createdAt: createdAt(),
  },
  (t) => [
    // The month's supporters of a series.
    index('series_gifts_series_created_idx').on(t.seriesId, t.createdAt),
    check('series_gifts_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Who shares a series' income, and how much of it (basis points summing to 10,000), set by an admin. */
export const seriesPayees = pgTable(
  'series_payees',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role', { enum: ['author', 'artist', 'translator', 'team'] }).notNull(),
    shareBps: integer('share_bps').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.userId] }),
    index('series_payees_user_idx').on(t.userId),
    check('series_payees_share', sql`${t.shareBps} between 1 and 10000`),
  ],
);

/**
 * Each payee's part of a coin debit made in a series (an unlock, a bundle, a gift), written in the
 * debit's transaction; never changed. The parts of one debit sum to its coins exactly; a series
 * without payees gets none (the site keeps it all).
 */
export const revenueAllocations = pgTable(
  'revenue_allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ledgerId: uuid('ledger_id')
      .notNull()
      .references(() => coinLedger.id),
    /** No foreign keys: an allocation outlives a deleted series (the earnings keep its title). */
    seriesId: uuid('series_id').notNull(),
    seriesTitle: text('series_title').notNull(),
    payeeId: uuid('payee_id')
      .notNull()
      .references(() => users.id),
    source: text('source', { enum: ['unlock', 'bundle', 'gift'] }).notNull(),
    coins: integer('coins').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('revenue_allocations_payee_created_idx').on(t.payeeId, t.createdAt),
    index('revenue_allocations_ledger_idx').on(t.ledgerId),
    check('revenue_allocations_coins', sql`${t.coins} >= 0`),
  ],
);

/**
 * A closed payout month (UTC, `YYYY-MM`): claimed once by the `payouts.close-month` job, in the
 * transaction that writes its subscription shares, with the fee it closed with and what was shared.
 */
export const payoutMonths = pgTable('payout_months', {
  month: text('month').primaryKey(),
  feePercent: integer('fee_percent').notNull(),
  /** The month's plan revenue in cents per currency ({jpy: 500, usd: 2000}: currencies with none left out), before it was shared. */
  subscriptionRevenue: jsonb('subscription_revenue').notNull(),
  /** Premium chapters subscribers finished in the month: what the revenue was shared by. */
  finishedChapters: integer('finished_chapters').notNull(),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each payee's part of a month's subscription revenue in one currency, for one series, in cents
 * (issue 22 §2), written when the month closes; never changed. A series' parts sum to its share of
 * the month's revenue; a series without payees gets none (the site keeps it).
 */
export const subscriptionAllocations = pgTable(
  'subscription_allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    month: text('month')
      .notNull()
      .references(() => payoutMonths.month),
    currency: text('currency').$type<Currency>().notNull(),
    /** No foreign key: the earnings outlive a deleted series, keeping its title. */
    seriesId: uuid('series_id').notNull(),
    seriesTitle: text('series_title').notNull(),
    payeeId: uuid('payee_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    index('subscription_allocations_payee_month_idx').on(t.payeeId, t.month),
    check('subscription_allocations_amount', sql`${t.amountCents} >= 0`),
  ],
);
