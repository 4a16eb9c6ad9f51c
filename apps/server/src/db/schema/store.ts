// What is sold and how it was paid (DESIGN §5 Coins, Subscriptions, Payments; decision 0009).
import type { Currency } from '@inkwell/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { series } from './catalogue';
import { createdAt } from './columns';
import { seriesTiers } from './memberships';
import { users } from './users';

export const coinPackages = pgTable(
  'coin_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    coins: integer('coins').notNull(),
    bonusCoins: integer('bonus_coins').notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').$type<Currency>().notNull().default('usd'),
    /** An inactive package is off sale; a package that has been sold is never deleted. */
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('coin_packages_amounts', sql`${t.coins} > 0 and ${t.bonusCoins} >= 0 and ${t.priceCents} > 0`)],
);

export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').$type<Currency>().notNull().default('usd'),
    interval: text('interval', { enum: ['month', 'year'] }).notNull(),
    includesPremium: boolean('includes_premium').notNull().default(true),
    coinsPerPeriod: integer('coins_per_period').notNull().default(0),
    /** Archived when false: off sale, kept for those who bought it. */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('plans_amounts', sql`${t.priceCents} > 0 and ${t.coinsPerPeriod} >= 0`),
    check('plans_interval_known', sql`${t.interval} in ('month', 'year')`),
  ],
);

export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['coins', 'plan', 'tier'] }).notNull(),
    /** pending → paid | cancelled | failed; paid → refunded. Changed only by conditional updates. */
    status: text('status', { enum: ['pending', 'paid', 'cancelled', 'refunded', 'failed'] })
      .notNull()
      .default('pending'),
    packageId: uuid('package_id').references(() => coinPackages.id),
    planId: uuid('plan_id').references(() => plans.id),
    /** A series' membership tier (issue 38 §1), bought as a subscription like a plan. */
    tierId: uuid('tier_id').references(() => seriesTiers.id),
    /** The subscription a plan purchase started or renewed (no foreign key: the two tables point at each other). */
    subscriptionId: uuid('subscription_id'),
    /** What was charged and credited, copied at checkout: later edits of the package change nothing here. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    coins: integer('coins').notNull().default(0),
    itemName: text('item_name').notNull(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    /** The provider's checkout session id: a payment is fulfilled once per session. */
    providerSessionId: text('provider_session_id'),
    /** Stripe's payment intent (coins) or subscription (plans), for refunds and renewals. */
    providerPaymentId: text('provider_payment_id'),
    returnTo: text('return_to'),
    unlockChapterId: uuid('unlock_chapter_id'),
    /** Coins taken back by a refund (what was left of the credit, never more than the balance). */
    coinsReversed: integer('coins_reversed').notNull().default(0),
    /** Tax the provider computed on top of `amount_cents` (STRIPE_TAX=1, issue 38 §3); the total is their sum. */
    taxCents: integer('tax_cents').notNull().default(0),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('purchases_user_created_idx').on(t.userId, t.createdAt.desc()),
    // The admin's purchases, newest first (with the id, the whole order of the list).
    index('purchases_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // Revenue per day (admin metrics).
    index('purchases_paid_idx').on(t.paidAt),
    // Refunds per day, and the refunds taken off the coin value (admin metrics): few rows, read
    // from the index alone.
    index('purchases_refunded_idx')
      .on(t.refundedAt, t.paidAt, t.kind, t.currency, t.amountCents, t.coins)
      .where(sql`${t.status} = 'refunded'`),
    uniqueIndex('purchases_provider_session_key').on(t.providerSessionId),
    index('purchases_provider_payment_idx').on(t.providerPaymentId),
    check('purchases_amounts', sql`${t.amountCents} > 0 and ${t.coins} >= 0 and ${t.coinsReversed} >= 0 and ${t.taxCents} >= 0`),
    check(
      'purchases_item',
      sql`(${t.kind} = 'coins' and ${t.packageId} is not null) or (${t.kind} = 'plan' and ${t.planId} is not null) or (${t.kind} = 'tier' and ${t.tierId} is not null)`,
    ),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** A site-wide plan, or a series' tier (a membership): exactly one of the two. */
    planId: uuid('plan_id').references(() => plans.id),
    tierId: uuid('tier_id').references(() => seriesTiers.id),
    /** The tier's series, kept on the row for "one running membership per series" and access. */
    seriesId: uuid('series_id').references(() => series.id),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id),
    /** active until it ends; access lasts while active and current_period_end is ahead. */
    status: text('status', { enum: ['active', 'ended'] })
      .notNull()
      .default('active'),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One subscription per purchase; at most one running plan per reader, and one running
    // membership per reader and series.
    uniqueIndex('subscriptions_purchase_key').on(t.purchaseId),
    uniqueIndex('subscriptions_user_active_key')
      .on(t.userId)
      .where(sql`${t.status} = 'active' and ${t.planId} is not null`),
    uniqueIndex('subscriptions_user_series_active_key')
      .on(t.userId, t.seriesId)
      .where(sql`${t.status} = 'active' and ${t.tierId} is not null`),
    // A series' members (access, the funnel).
    index('subscriptions_series_active_idx')
      .on(t.seriesId, t.userId)
      .where(sql`${t.status} = 'active' and ${t.tierId} is not null`),
    check(
      'subscriptions_item',
      sql`(${t.planId} is not null and ${t.tierId} is null and ${t.seriesId} is null) or (${t.planId} is null and ${t.tierId} is not null and ${t.seriesId} is not null)`,
    ),
    uniqueIndex('subscriptions_provider_key').on(t.providerSubscriptionId),
    // The test renewal job's scan.
    index('subscriptions_active_period_end_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} = 'active'`),
  ],
);

/** Provider events already taken in, by the provider's event id: a replayed event is ignored. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});
