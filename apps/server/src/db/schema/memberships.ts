// Memberships per series and the money sent to payees (issue 38; decision 0045): a series' tiers,
// each payee's part of a tier's payments, payout accounts and the monthly statements with their
// transfers. Amounts are integers in the currency's minor unit (`*_cents` as elsewhere: cents,
// yen, fils…).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { series } from './catalogue';
import { users } from './users';

/**
 * A series' membership tier: "support this series" for a price per month or year, reading its
 * chapters `early_access_days` before everyone, with coins each period. Bought as a subscription
 * (`subscriptions.tier_id`); a tier that has been sold is only archived.
 */
export const seriesTiers = pgTable(
  'series_tiers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval', { enum: ['month', 'year'] }).notNull(),
    earlyAccessDays: integer('early_access_days').notNull().default(0),
    coinsPerPeriod: integer('coins_per_period').notNull().default(0),
    /** Archived when false: off sale, kept for its members until their period ends. */
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('series_tiers_series_idx').on(t.seriesId, t.position),
    check(
      'series_tiers_amounts',
      sql`${t.priceCents} > 0 and ${t.coinsPerPeriod} >= 0 and ${t.earlyAccessDays} between 0 and 90`,
    ),
    check('series_tiers_interval_known', sql`${t.interval} in ('month', 'year')`),
    check('series_tiers_currency_code', sql`${t.currency} ~ '^[a-z]{3}$'`),
  ],
);

/**
 * Each payee's part of one tier payment (a first charge or a renewal), split by the series' shares
 * in the payment's transaction; a refund adds the parts taken back as negative rows (append-only).
 * Before the site's fee, which the month's statement takes.
 */
export const tierAllocations = pgTable(
  'tier_allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The payment (purchase, or its renewal's purchase) this part comes from. */
    purchaseId: uuid('purchase_id').notNull(),
    /** No foreign keys to the series: the earnings outlive a deleted series, keeping its title. */
    seriesId: uuid('series_id').notNull(),
    seriesTitle: text('series_title').notNull(),
    payeeId: uuid('payee_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    /** Positive for a payment, negative for a refund's claw-back. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['payment', 'refund'] })
      .notNull()
      .default('payment'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tier_allocations_payee_created_idx').on(t.payeeId, t.createdAt),
    // A payment is split once and refunded once.
    uniqueIndex('tier_allocations_purchase_payee_kind_key').on(t.purchaseId, t.payeeId, t.kind),
    check('tier_allocations_sign', sql`(${t.kind} = 'payment') = (${t.amountCents} >= 0)`),
  ],
);

/**
 * Where a payee is paid: a Stripe Connect Express account (or the test provider's). No row is
 * "none"; `pending` until the provider says the account can receive transfers.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    status: text('status', { enum: ['pending', 'active'] })
      .notNull()
      .default('pending'),
    /** The currency the payee is paid in (the account's default currency). */
    currency: text('currency').notNull(),
    country: text('country'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_accounts_provider_account_key').on(t.provider, t.providerAccountId),
    check('payout_accounts_currency_code', sql`${t.currency} ~ '^[a-z]{3}$'`),
  ],
);

/**
 * A payee's statement for one closed month, in their payout currency: what the month earned after
 * the fee, what was carried in from before, refunds taken back, and what was sent or carried on.
 * One per payee and month (the transfer's idempotency key); written when the month closes.
 * `carried`: below the minimum or no active account, all of it goes to the next month.
 * `pending` → `sent` | `failed`; a failed one is retried by the admin (`attempts` counts), or, still
 * failed when the next month closes, becomes `carried` (its failure reason kept) and its amount is
 * carried into that month. Amounts are bigint: a month in rupiah passes 2^31 minor units.
 */
export const payoutStatements = pgTable(
  'payout_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payeeId: uuid('payee_id')
      .notNull()
      .references(() => users.id),
    month: text('month').notNull(),
    currency: text('currency').notNull(),
    /** The month's income before the fee (coins valued, plans' and tiers' shares converted). */
    earnedCents: bigint('earned_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    /** Refunds of earlier months' income taken from this month (0 or negative). */
    adjustmentsCents: bigint('adjustments_cents', { mode: 'number' }).notNull().default(0),
    carriedInCents: bigint('carried_in_cents', { mode: 'number' }).notNull().default(0),
    /** What the transfer sends (0 when carried). */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** What goes on to the next month (never sent; may be negative after a refund). */
    carriedOutCents: bigint('carried_out_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['carried', 'pending', 'sent', 'failed'] }).notNull(),
    provider: text('provider', { enum: ['test', 'stripe'] }),
    providerTransferId: text('provider_transfer_id'),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_statements_payee_month_key').on(t.payeeId, t.month),
    index('payout_statements_month_status_idx').on(t.month, t.status),
    check(
      'payout_statements_sums',
      sql`${t.amountCents} >= 0 and ${t.amountCents} + ${t.carriedOutCents} = ${t.earnedCents} - ${t.feeCents} + ${t.adjustmentsCents} + ${t.carriedInCents}`,
    ),
  ],
);
