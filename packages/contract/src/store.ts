import { z } from 'zod';
import { paginationSchema } from './catalogue';
import { MAXIMUM_PRICE_CENTS, priceProblem, type Currency } from './currencies';
import { currencySchema } from './currency-schema';
import { envelope } from './errors';

/** The store (DESIGN §4 Money). Prices are integers in the currency's minor unit ("cents"); coins are integers. */

export {
  addAmounts,
  CURRENCIES,
  currencyOfLocale,
  inStoreCurrency,
  MAXIMUM_PRICE_CENTS,
  minimumPriceCents,
  minorToDecimal,
  minorUnitDigits,
  priceProblem,
  type AmountsByCurrency,
  type Currency,
} from './currencies';
export { currencySchema } from './currency-schema';
export const PLAN_INTERVALS = ['month', 'year'] as const;
export const planIntervalSchema = z.enum(PLAN_INTERVALS, { error: 'validation.intervalChoice' });
export const PURCHASE_STATUSES = ['pending', 'paid', 'cancelled', 'refunded', 'failed'] as const;
export const purchaseStatusSchema = z.enum(PURCHASE_STATUSES);
export const PURCHASE_KINDS = ['coins', 'plan', 'tier'] as const;
export const purchaseKindSchema = z.enum(PURCHASE_KINDS);
export const LEDGER_KINDS = ['purchase', 'unlock', 'subscription_coins', 'refund', 'adjustment', 'gift', 'forfeit'] as const;
export const ledgerKindSchema = z.enum(LEDGER_KINDS);
export const SUBSCRIPTION_STATUSES = ['active', 'ended'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);

/** How many chapters one bulk unlock may take (a long series' whole locked run). */
export const BULK_UNLOCK_MAX = 500;

const uuid = (label: string) => z.uuid({ error: `${label} must be a valid id` });
const pageQuery = z.coerce
  .number({ error: 'validation.pageNumber' })
  .int()
  .min(1, 'validation.pageStartsAtOne')
  .max(100_000)
  .default(1);

export const coinPackageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  coins: z.number().int(),
  bonusCoins: z.number().int(),
  priceCents: z.number().int(),
  currency: currencySchema,
  /** The package that gives the most coins per cent among those on sale. */
  bestValue: z.boolean(),
});
export type CoinPackage = z.infer<typeof coinPackageSchema>;
/**
 * GET PUB/store/coin-packages and PUB/store/plans (issue 38 §3): the reader's currency. The answer
 * holds what is priced in it, or else what is priced in the site's default currency (or else
 * everything on sale), and says which currency that is; without `currency`, the default's.
 */
export const storeCurrencyQuerySchema = z.object({ currency: currencySchema.optional() });
export const coinPackageListResponseSchema = envelope(
  z.object({ items: z.array(coinPackageSchema), currency: currencySchema.nullable().optional() }),
);

export const planSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  currency: currencySchema,
  interval: planIntervalSchema,
  includesPremium: z.boolean(),
  coinsPerPeriod: z.number().int(),
});
export type Plan = z.infer<typeof planSchema>;
export const planListResponseSchema = envelope(
  z.object({ items: z.array(planSchema), currency: currencySchema.nullable().optional() }),
);

/** Where to come back to after paying: a path of this site, never another origin. */
const returnToSchema = z
  .string()
  .max(500, 'validation.returnPathTooLong')
  .regex(/^\/(?![/\\])[^\s]*$/, 'validation.returnPath')
  .optional();

export const checkoutRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('coins'),
      packageId: uuid('Package'),
      returnTo: returnToSchema,
      /** Unlock this chapter with the new coins once they are credited. */
      unlockChapterId: uuid('Chapter').optional(),
    }),
    z.object({ kind: z.literal('plan'), planId: uuid('Plan'), returnTo: returnToSchema }),
    /** A series' membership tier (issue 38 §1): bought, renewed and cancelled as a plan is. */
    z.object({ kind: z.literal('tier'), tierId: uuid('Tier'), returnTo: returnToSchema }),
  ],
  { error: "Kind must be 'coins', 'plan' or 'tier'" },
);
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;
export const checkoutResponseSchema = envelope(z.object({ purchaseId: z.uuid(), checkoutUrl: z.string() }));

export const purchaseSchema = z.object({
  id: z.uuid(),
  kind: purchaseKindSchema,
  status: purchaseStatusSchema,
  amountCents: z.number().int(),
  currency: currencySchema,
  /** Coins the purchase credits (package coins and bonus); 0 for a plan. */
  coins: z.number().int(),
  planName: z.string().nullable(),
  packageName: z.string().nullable(),
  /** A membership's tier and its series (kind 'tier'). */
  tier: z
    .object({ id: z.uuid(), name: z.string(), seriesId: z.uuid(), seriesTitle: z.string(), seriesSlug: z.string() })
    .nullable()
    .optional(),
  /** Tax computed by the provider on top of the price (STRIPE_TAX=1); 0 without it. The total is amountCents + taxCents. */
  taxCents: z.number().int().optional(),
  provider: z.enum(['test', 'stripe']),
  /** The provider's reference (a Stripe Checkout session id, or the test checkout's). */
  reference: z.string().nullable(),
  returnTo: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type Purchase = z.infer<typeof purchaseSchema>;
export const purchaseListQuerySchema = z.object({ page: pageQuery });
export const purchaseListResponseSchema = envelope(z.object({ items: z.array(purchaseSchema), pagination: paginationSchema }));
export const purchaseResponseSchema = envelope(purchaseSchema);
export const purchaseIdParamsSchema = z.object({ purchaseId: uuid('Purchase') });

export const walletEntrySchema = z.object({
  id: z.uuid(),
  delta: z.number().int(),
  kind: ledgerKindSchema,
  balanceAfter: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
  chapter: z
    .object({
      id: z.uuid(),
      slug: z.string(),
      number: z.number(),
      title: z.string(),
      seriesSlug: z.string(),
      seriesTitle: z.string(),
    })
    .nullable(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;
export const walletQuerySchema = z.object({ page: pageQuery });
export const walletResponseSchema = envelope(
  z.object({
    balance: z.number().int(),
    autoUnlock: z.boolean(),
    showAsSupporter: z.boolean(),
    entries: z.array(walletEntrySchema),
    pagination: paginationSchema,
  }),
);

/** The reader's store options, any of them: auto-unlock, and being shown among a series' supporters (issue 22 §2). */
export const storeSettingsSchema = z
  .object({
    autoUnlock: z.boolean({ error: 'validation.autoUnlockBoolean' }).optional(),
    showAsSupporter: z.boolean({ error: 'validation.showAsSupporterBoolean' }).optional(),
  })
  .refine(
    (settings) => settings.autoUnlock !== undefined || settings.showAsSupporter !== undefined,
    'validation.nothingToChange',
  );
export type StoreSettings = z.infer<typeof storeSettingsSchema>;
export const storeSettingsStateSchema = z.object({ autoUnlock: z.boolean(), showAsSupporter: z.boolean() });
export type StoreSettingsState = z.infer<typeof storeSettingsStateSchema>;
export const storeSettingsResponseSchema = envelope(storeSettingsStateSchema);

export const chapterIdParamsSchema = z.object({ chapterId: uuid('Chapter') });
export const seriesIdParamsSchema = z.object({ seriesId: uuid('Series') });
/**
 * Unlocking one chapter. `autoUnlockSeries`: the reader's choice, made while unlocking, that the
 * next chapters of this series unlock by themselves when opened (false turns it off again).
 */
export const UNLOCK_METHODS = ['coins', 'wait_pass', 'daily_free'] as const;
export type UnlockMethod = (typeof UNLOCK_METHODS)[number];
export const unlockRequestSchema = z
  .object({
    /** How to open it: coins (when left out), the series' wait-until-free pass, or its daily free. */
    method: z.enum(UNLOCK_METHODS, { error: 'validation.unlockMethodChoice' }).optional(),
    autoUnlockSeries: z.boolean({ error: 'validation.autoUnlockSeriesBoolean' }).optional(),
  })
  // Fastify hands a request without a body over as null: unlocking needs none.
  .nullish();
export const unlockResponseSchema = envelope(
  z.object({
    chapterId: z.uuid(),
    method: z.enum(UNLOCK_METHODS),
    charged: z.number().int(),
    coins: z.number().int(),
    /** A rental's end; null when bought (or already open for good). */
    openUntil: z.string().nullable(),
  }),
);
export const bulkUnlockRequestSchema = z.object({
  chapterIds: z
    .array(uuid('Chapter'))
    .min(1, 'validation.chooseChapter')
    .max(BULK_UNLOCK_MAX, `At most ${BULK_UNLOCK_MAX} chapters at once`),
});
export const bulkUnlockResponseSchema = envelope(
  z.object({ chapterIds: z.array(z.uuid()), charged: z.number().int(), coins: z.number().int() }),
);
/** What a bulk unlock of these chapters would cost now: their prices, the bundle's discount, and the charge. */
export const unlockQuoteQuerySchema = z.object({
  chapterIds: z
    .string({ error: 'validation.giveChapters' })
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(
      z
        .array(uuid('Chapter'))
        .min(1, 'validation.chooseChapter')
        .max(BULK_UNLOCK_MAX, `At most ${BULK_UNLOCK_MAX} chapters at once`),
    ),
});
export const unlockQuoteResponseSchema = envelope(
  z.object({
    /** The prices of those still for sale to the reader. */
    total: z.number().int(),
    /** The series' bundle discount in percent, when these are all the chapters still for sale to the reader; else 0. */
    discount: z.number().int(),
    /** What the unlock would take: floor(total × (1 − discount / 100)). */
    charged: z.number().int(),
  }),
);

/** The series whose chapters unlock by themselves for this reader, newest choice first. */
export const autoUnlockSeriesSchema = z.object({
  seriesId: z.uuid(),
  slug: z.string(),
  title: z.string(),
  since: z.string(),
});
export type AutoUnlockSeries = z.infer<typeof autoUnlockSeriesSchema>;
export const autoUnlockSeriesListResponseSchema = envelope(z.object({ items: z.array(autoUnlockSeriesSchema) }));
export const autoUnlockSeriesRemovedResponseSchema = envelope(z.object({ seriesId: z.uuid(), autoUnlock: z.literal(false) }));

export const subscriptionSchema = z.object({
  id: z.uuid(),
  plan: planSchema,
  status: subscriptionStatusSchema,
  provider: z.enum(['test', 'stripe']),
  startedAt: z.string(),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionResponseSchema = envelope(subscriptionSchema.nullable());

// Administration.

export const storeItemNameSchema = z.string().trim().min(1, 'validation.nameRequired').max(80, 'validation.nameLimit80');
const name = storeItemNameSchema;
/** A price in its currency's minor unit; what its currency needs besides is `pricedInCurrency`'s. */
export const priceCentsSchema = z
  .number({ error: 'validation.priceCents' })
  .int('validation.priceWholeCents')
  .min(1, 'validation.priceBelowCurrencyMinimum')
  .max(MAXIMUM_PRICE_CENTS, 'validation.priceTooHigh');
/** Refuses a price its currency cannot be charged (below Stripe's minimum, or a thousandth KWD): on `priceCents`. */
/** `pricedInCurrency` runs whenever price and currency themselves are valid, whatever else is wrong in the form. */
export const whenPriced = {
  when: ({ value }: { value: unknown }) => {
    const { priceCents, currency } = (value ?? {}) as { priceCents?: unknown; currency?: unknown };
    return (
      typeof priceCents === 'number' &&
      Number.isInteger(priceCents) &&
      priceCents >= 1 &&
      priceCents <= MAXIMUM_PRICE_CENTS &&
      currencySchema.safeParse(currency).success
    );
  },
};
export function pricedInCurrency(
  { priceCents, currency }: { priceCents?: number; currency?: Currency },
  context: z.RefinementCtx,
) {
  if (priceCents === undefined || currency === undefined) return;
  const problem = priceProblem(priceCents, currency);
  if (problem) context.addIssue({ code: 'custom', message: problem, path: ['priceCents'] });
}
const priceCents = priceCentsSchema;
export const coinCount = () =>
  z
    .number({ error: 'validation.mustBeNumber' })
    .int('validation.wholeNumber')
    .min(0, 'validation.notBelowZero')
    .max(1_000_000, 'validation.tooHigh');

export const adminCoinPackageSchema = coinPackageSchema.omit({ bestValue: true }).extend({
  isActive: z.boolean(),
  position: z.number().int(),
  /** Paid purchases of this package. */
  sold: z.number().int(),
  createdAt: z.string(),
});
export type AdminCoinPackage = z.infer<typeof adminCoinPackageSchema>;
export const coinPackageInputSchema = z
  .object({
    name,
    coins: coinCount().min(1, 'validation.packageCoins'),
    bonusCoins: coinCount().default(0),
    priceCents,
    currency: currencySchema.default('usd'),
    isActive: z.boolean().default(true),
    position: z.number().int().min(0).max(1000).default(0),
  })
  .superRefine(pricedInCurrency, whenPriced);
export type CoinPackageInput = z.input<typeof coinPackageInputSchema>;
export const coinPackagePatchSchema = z
  .object({
    name,
    coins: coinCount().min(1, 'validation.packageCoins'),
    bonusCoins: coinCount(),
    priceCents,
    currency: currencySchema,
    isActive: z.boolean(),
    position: z.number().int().min(0).max(1000),
  })
  .partial()
  .superRefine(pricedInCurrency, whenPriced);
export const coinTotalsSchema = z.object({
  /** Coins credited by paid purchases (net of refunds). */
  sold: z.number().int(),
  /** Coins spent on unlocks. */
  spent: z.number().int(),
  /** Coins credited by subscriptions. */
  fromSubscriptions: z.number().int(),
  /** Coins taken back by refunds. */
  refunded: z.number().int(),
  /** Coins now in readers' wallets. */
  inWallets: z.number().int(),
  /** Revenue of paid coin purchases, per currency, in cents. */
  revenueCents: z.record(z.string(), z.number().int()),
});
export const adminCoinPackageListResponseSchema = envelope(
  z.object({ items: z.array(adminCoinPackageSchema), totals: coinTotalsSchema }),
);
export const adminCoinPackageResponseSchema = envelope(adminCoinPackageSchema);

export const adminPlanSchema = planSchema.extend({
  isActive: z.boolean(),
  /** Subscriptions ever sold; a plan that has been sold can only be archived. */
  sold: z.number().int(),
  activeSubscribers: z.number().int(),
  createdAt: z.string(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;
export const planInputSchema = z
  .object({
    name,
    description: z.string().trim().max(1000, 'validation.description1000').default(''),
    priceCents,
    currency: currencySchema.default('usd'),
    interval: planIntervalSchema,
    includesPremium: z.boolean().default(true),
    coinsPerPeriod: coinCount().default(0),
    isActive: z.boolean().default(true),
  })
  .superRefine(pricedInCurrency, whenPriced);
export type PlanInput = z.input<typeof planInputSchema>;
/** Price and interval are fixed once a plan exists: subscribers bought those terms. */
export const planPatchSchema = z
  .object({
    name,
    description: z.string().trim().max(1000, 'validation.description1000'),
    includesPremium: z.boolean(),
    coinsPerPeriod: coinCount(),
    isActive: z.boolean(),
  })
  .partial();
export const adminPlanListResponseSchema = envelope(z.object({ items: z.array(adminPlanSchema) }));
export const adminPlanResponseSchema = envelope(adminPlanSchema);

export const adminPurchaseSchema = purchaseSchema.extend({
  user: z.object({ id: z.uuid(), username: z.string(), email: z.string() }),
  /** Coins taken back when a coin purchase was refunded (never more than the balance then). */
  coinsReversed: z.number().int(),
});
export type AdminPurchase = z.infer<typeof adminPurchaseSchema>;
export const adminPurchaseListQuerySchema = z.object({
  q: z.string().trim().max(200, 'validation.search200').optional(),
  status: purchaseStatusSchema.optional(),
  kind: purchaseKindSchema.optional(),
  page: pageQuery,
});
export const adminPurchaseListResponseSchema = envelope(
  z.object({ items: z.array(adminPurchaseSchema), pagination: paginationSchema }),
);
export const adminPurchaseResponseSchema = envelope(adminPurchaseSchema);
