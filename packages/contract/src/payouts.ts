import { z } from 'zod';
import { envelope } from './errors';
import { moneyByCurrencySchema } from './metrics';
import { currencySchema } from './store';
import { stripBidiControls } from './text';

// Issue 22 §2: gifts to a series, who shares its income, and what each payee earned.

/** The gift sizes a reader chooses from, in coins. */
export const GIFT_AMOUNTS = [10, 50, 100, 500, 1000] as const;
export const GIFT_MESSAGE_MAX = 200;

export const giftRequestSchema = z.object({
  amount: z
    .number({ error: 'validation.chooseGift' })
    .refine((value) => (GIFT_AMOUNTS as readonly number[]).includes(value), 'validation.giftAmounts'),
  message: z
    .string({ error: 'validation.messageText' })
    .overwrite(stripBidiControls)
    .trim()
    .max(GIFT_MESSAGE_MAX, 'validation.giftMessageMax')
    .default(''),
});
export type GiftRequest = z.input<typeof giftRequestSchema>;
export const giftResponseSchema = envelope(z.object({ giftId: z.uuid(), amount: z.number().int(), coins: z.number().int() }));

/** A series' top supporters of the month (readers who opted out are never shown). */
export const supportersResponseSchema = envelope(
  z.object({
    /** YYYY-MM, UTC. */
    month: z.string(),
    items: z.array(z.object({ username: z.string(), avatarUrl: z.string().nullable(), coins: z.number().int() })),
  }),
);
export type Supporters = z.infer<typeof supportersResponseSchema>['data'];

export const PAYEE_ROLES = ['author', 'artist', 'translator', 'team'] as const;
export type PayeeRole = (typeof PAYEE_ROLES)[number];
export const SHARES_TOTAL_BPS = 10_000;
/** Basis points as people read them: 7000 → "70 %", 3333 → "33.33 %". */
export const percentOfBps = (bps: number) => `${(bps / 100).toLocaleString('en', { maximumFractionDigits: 2 })} %`;
export const PAYEES_MAX = 20;

export const payeeInputSchema = z.object({
  userId: z.uuid({ error: 'validation.chooseUser' }),
  role: z.enum(PAYEE_ROLES, { error: 'validation.payeeRoleChoice' }),
  shareBps: z
    .number({ error: 'validation.shareNumber' })
    // Said in % as the editor types it (issue 33 §11); the API counts basis points (1 % = 100).
    .int('validation.shareDecimals')
    .min(1, 'validation.shareMin')
    .max(SHARES_TOTAL_BPS, 'validation.shareMax'),
});
/** A series' payees, all at once: none, or shares summing to 10,000 basis points, each user once. */
export const payeesInputSchema = z
  .array(payeeInputSchema)
  .max(PAYEES_MAX, 'validation.payeesMax')
  .superRefine((payees, context) => {
    const total = payees.reduce((sum, payee) => sum + payee.shareBps, 0);
    if (payees.length > 0 && total !== SHARES_TOTAL_BPS) context.addIssue({ code: 'custom', message: 'validation.sharesTotal' });
    if (new Set(payees.map((payee) => payee.userId)).size !== payees.length)
      context.addIssue({ code: 'custom', message: 'validation.payeeOnce' });
  });
export const payeesResponseSchema = envelope(
  z.object({
    items: z.array(payeeInputSchema.extend({ username: z.string() })),
  }),
);
export type Payee = z.infer<typeof payeesResponseSchema>['data']['items'][number];

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
/**
 * The months a statement may be asked for. A fixed range rather than "not after next year": the
 * contract has no clock (the server's, or a test's, decides what "now" is). Nothing was earned
 * before 2000, and the last month stops at 9998-12 so its end and the month after it (the close
 * looks one ahead) are still four-digit years: 9999-12 ends in year 10000, which dates and
 * PostgreSQL cannot round-trip.
 */
export const EARNINGS_FIRST_MONTH = '2000-01';
export const EARNINGS_LAST_MONTH = '9998-12';
export const earningsQuerySchema = z.object({
  month: z
    .string()
    .trim()
    .regex(monthPattern, 'validation.monthFormat')
    // Same width and zero-padding, so the strings compare as the months do.
    .refine((month) => month >= EARNINGS_FIRST_MONTH && month <= EARNINGS_LAST_MONTH, 'validation.monthWindow')
    .optional(),
});
const earningsSourceSchema = z.object({ unlock: z.number().int(), bundle: z.number().int(), gift: z.number().int() });
const cents = z.number().int();

/** A part of a payee's month paid in money (plans' shares, tiers): per series and currency, in minor units, with the fee. */
const moneyPartSchema = z.object({
  items: z.array(
    z.object({
      seriesId: z.uuid(),
      seriesTitle: z.string(),
      currency: currencySchema,
      gross: cents,
      fee: cents,
      net: cents,
    }),
  ),
  totals: z.object({ gross: moneyByCurrencySchema, fee: moneyByCurrencySchema, net: moneyByCurrencySchema }),
});

/**
 * A payee's month: per series, their gross share in coins, the site's fee and what is left; and,
 * once the month has closed, their share of the month's Premium subscriptions, in each currency's
 * cents (`subscriptions`: shared among series by the premium chapters subscribers finished there).
 */
export const earningsSchema = z.object({
  month: z.string(),
  feePercent: z.number().int(),
  /** Closed: the month's subscriptions are shared and its fee is fixed; before that both may change. */
  closed: z.boolean(),
  items: z.array(
    z.object({
      seriesId: z.uuid(),
      seriesTitle: z.string(),
      gross: z.number().int(),
      fee: z.number().int(),
      net: z.number().int(),
      bySource: earningsSourceSchema,
    }),
  ),
  totals: z.object({ gross: z.number().int(), fee: z.number().int(), net: z.number().int() }),
  subscriptions: moneyPartSchema,
  /**
   * Issue 38 §2: the payee's parts of the month's tier payments (less the month's refunds), per
   * series and currency, in minor units, with the fee; the server always sends it.
   */
  tiers: moneyPartSchema.optional(),
});
export type Earnings = z.infer<typeof earningsSchema>;
export const earningsResponseSchema = envelope(earningsSchema);

/** The same month as a spreadsheet: one row per series, then the totals. */
export const earningsCsvResponseSchema = z.string();

// Issue 38 §2: paying payees. A payee connects a payout account (Stripe Connect Express in
// production, the built-in test provider otherwise); when a month closes, each payee gets one
// statement in their payout currency and, above the minimum with an active account, one transfer.

export const PAYOUT_ACCOUNT_STATUSES = ['none', 'pending', 'active'] as const;
export const payoutAccountSchema = z.object({
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  provider: z.enum(['test', 'stripe']).nullable(),
  /** The currency transfers are sent in; null until an account is connected. */
  currency: currencySchema.nullable(),
  /** The site's minimum for a transfer, in that currency's minor unit (below it, the balance carries over). */
  minimumCents: z.number().int(),
  /** The currency `minimumCents` is in: the account's, else (before one is connected) the site's payout currency. */
  minimumCurrency: currencySchema.optional(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;
export const payoutAccountResponseSchema = envelope(payoutAccountSchema);
/** POST ME/payout-account: start (or resume) onboarding in this currency; answers where to go. */
export const payoutAccountStartSchema = z.object({ currency: currencySchema.optional() }).nullish();
export const payoutOnboardingResponseSchema = envelope(z.object({ onboardingUrl: z.string() }));

export const PAYOUT_STATEMENT_STATUSES = ['carried', 'pending', 'sent', 'failed'] as const;
export const payoutStatementStatusSchema = z.enum(PAYOUT_STATEMENT_STATUSES);
/** One payee's month, in their payout currency's minor unit: amount + carriedOut = earned − fee + adjustments + carriedIn. */
export const payoutStatementSchema = z.object({
  id: z.uuid(),
  month: z.string(),
  currency: currencySchema,
  earnedCents: cents,
  feeCents: cents,
  /** Refunds of earlier months' income taken from this month (0 or less). */
  adjustmentsCents: cents,
  carriedInCents: cents,
  amountCents: cents,
  carriedOutCents: cents,
  status: payoutStatementStatusSchema,
  transferId: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type PayoutStatement = z.infer<typeof payoutStatementSchema>;
export const payoutStatementsResponseSchema = envelope(z.object({ items: z.array(payoutStatementSchema) }));
export const payoutStatementParamsSchema = z.object({
  month: z.string().trim().regex(monthPattern, 'validation.monthFormat'),
});
/** A printable statement: the month's figures and, per series, where they came from. */
export const payoutStatementDetailResponseSchema = envelope(
  payoutStatementSchema.extend({
    payee: z.object({ username: z.string() }),
    items: z.array(
      z.object({
        seriesId: z.uuid(),
        seriesTitle: z.string(),
        source: z.enum(['coins', 'subscriptions', 'tiers']),
        /** In the statement's currency, before the fee. */
        earnedCents: cents,
      }),
    ),
  }),
);

/** ADMIN/payouts: every payee's statement of a month (the last closed one when left out), failed first. */
export const adminPayoutsQuerySchema = z.object({
  month: earningsQuerySchema.shape.month,
  status: payoutStatementStatusSchema.optional(),
});
export const adminPayoutSchema = payoutStatementSchema.extend({
  payee: z.object({ id: z.uuid(), username: z.string() }),
  attempts: z.number().int(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;
export const adminPayoutsResponseSchema = envelope(
  z.object({
    month: z.string().nullable(),
    items: z.array(adminPayoutSchema),
    /** Per currency, in minor units: sent, waiting to be sent, failed, and carried to the next month. */
    totals: z.object({
      sent: z.record(z.string(), cents),
      pending: z.record(z.string(), cents),
      failed: z.record(z.string(), cents),
      carried: z.record(z.string(), cents),
    }),
  }),
);
export const adminPayoutResponseSchema = envelope(adminPayoutSchema);
