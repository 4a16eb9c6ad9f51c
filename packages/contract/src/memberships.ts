import { z } from 'zod';
import { envelope } from './errors';
import {
  coinCount,
  currencySchema,
  planIntervalSchema,
  priceCentsSchema,
  pricedInCurrency,
  whenPriced,
  storeItemNameSchema,
  subscriptionStatusSchema,
} from './store';

// Issue 38 §1: memberships per series. A creator (or an editor) offers tiers on a series; a reader
// buys one as a subscription (ME/checkout {kind: 'tier'}), with the plans' renewals, cancellation,
// refunds and receipts, and reads that series' chapters `earlyAccessDays` before everyone.

/** How many days ahead a tier may open chapters, and how many tiers a series may offer. */
export const EARLY_ACCESS_DAYS_MAX = 90;
export const SERIES_TIERS_MAX = 10;

export const tierSchema = z.object({
  id: z.uuid(),
  seriesId: z.uuid(),
  name: z.string(),
  description: z.string(),
  /** In the currency's minor unit (cents, yen…). */
  priceCents: z.number().int(),
  currency: currencySchema,
  interval: planIntervalSchema,
  earlyAccessDays: z.number().int(),
  coinsPerPeriod: z.number().int(),
});
export type Tier = z.infer<typeof tierSchema>;
/** PUB/series/:id/tiers: the tiers on sale, cheapest first, and how many readers are members. */
export const seriesTiersResponseSchema = envelope(z.object({ items: z.array(tierSchema), members: z.number().int() }));

/** The team's view of a tier: on sale or archived, with what it sold. */
export const teamTierSchema = tierSchema.extend({
  isActive: z.boolean(),
  position: z.number().int(),
  /** Memberships ever sold; a tier that has been sold can only be archived. */
  sold: z.number().int(),
  activeMembers: z.number().int(),
  createdAt: z.string(),
});
export type TeamTier = z.infer<typeof teamTierSchema>;
export const teamTiersResponseSchema = envelope(z.object({ items: z.array(teamTierSchema) }));
export const teamTierResponseSchema = envelope(teamTierSchema);

const earlyAccessDays = z
  .number({ error: 'validation.earlyAccessDays' })
  .int('validation.earlyAccessDays')
  .min(0, 'validation.earlyAccessDays')
  .max(EARLY_ACCESS_DAYS_MAX, 'validation.earlyAccessDays');

export const tierInputSchema = z
  .object({
    name: storeItemNameSchema,
    description: z.string().trim().max(1000, 'validation.description1000').default(''),
    priceCents: priceCentsSchema,
    currency: currencySchema,
    interval: planIntervalSchema,
    earlyAccessDays: earlyAccessDays.default(0),
    coinsPerPeriod: coinCount().default(0),
    isActive: z.boolean().default(true),
    position: z.number().int().min(0).max(1000).default(0),
  })
  .superRefine(pricedInCurrency, whenPriced);
export type TierInput = z.input<typeof tierInputSchema>;
/** Price, currency and interval are fixed once a tier exists: members bought those terms. */
export const tierPatchSchema = z
  .object({
    name: storeItemNameSchema,
    description: z.string().trim().max(1000, 'validation.description1000'),
    earlyAccessDays,
    coinsPerPeriod: coinCount(),
    isActive: z.boolean(),
    position: z.number().int().min(0).max(1000),
  })
  .partial();
export const tierParamsSchema = z.object({
  id: z.uuid({ error: 'validation.unknownId' }),
  tierId: z.uuid({ error: 'validation.unknownId' }),
});

/** A reader's membership of one series. */
export const membershipSchema = z.object({
  id: z.uuid(),
  tier: tierSchema,
  series: z.object({ id: z.uuid(), slug: z.string(), title: z.string() }),
  status: subscriptionStatusSchema,
  provider: z.enum(['test', 'stripe']),
  startedAt: z.string(),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
});
export type Membership = z.infer<typeof membershipSchema>;
/** ME/memberships: the reader's running memberships, newest first. */
export const membershipsResponseSchema = envelope(z.object({ items: z.array(membershipSchema) }));
export const membershipResponseSchema = envelope(membershipSchema);
export const membershipIdParamsSchema = z.object({ membershipId: z.uuid({ error: 'validation.unknownId' }) });
