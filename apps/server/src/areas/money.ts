import type { AreaBase } from '../app-deps';
import {
  createPayments,
  createPurchases,
  createStripeClient,
  createStripeEvents,
  createStripePayoutProvider,
  createStripeProvider,
  createTestPayoutProvider,
  createTestProvider,
} from '../modules/money/payments';
import {
  allocate,
  allocateTierIncome,
  createPayoutAccounts,
  createPayoutMonths,
  createPayouts,
  createPayoutStatements,
  createPayoutTransfers,
  refundTierIncome,
} from '../modules/money/payouts';
import { createSubscriptions } from '../modules/money/subscriptions';
import { createUnlocks, createWallet } from '../modules/money/wallet';
import type { PlatformServices } from './platform';
import type { TeamServices } from './team';

/**
 * Money (modules/money/CONTEXT.md): coins and unlocks, creator payouts, plans, and what is bought
 * through the payment provider (Stripe's webhook included).
 */
export function createMoneyServices(
  { app, deps, config, db, clock }: AreaBase,
  { jobs, events }: PlatformServices,
  { siteConfig }: Pick<TeamServices, 'siteConfig'>,
) {
  const wallet = createWallet({ db, events });
  // An unlock's coins are split among the series' payees in its own transaction.
  const unlocks = createUnlocks({ db, clock, events, splitToPayees: allocate });
  const feePercent = async () => (await siteConfig.current()).payouts.feePercent;
  const payouts = createPayouts({ db, clock, feePercent, events });
  const payoutSettings = async () => (await siteConfig.current()).payouts;
  const payoutMonths = createPayoutMonths({ db, clock, feePercent, jobs, payoutSettings });
  // Issue 38 §3: the store's currency for readers whose own has no prices.
  const defaultCurrency = async () => (await siteConfig.current()).site.defaultCurrency;
  const subscriptions = createSubscriptions({ db, clock, events, defaultCurrency });
  const purchases = createPurchases({ db, defaultCurrency });
  // DESIGN §3: Stripe when both its variables are set (config.ts refuses half of them), else the test checkout.
  const stripe = config.stripe ? createStripeClient(config.stripe) : undefined;
  // Issue 38 §2: payees are paid through Stripe Connect when Stripe is configured, else the built-in test provider.
  const payoutProvider = stripe ? createStripePayoutProvider(stripe) : createTestPayoutProvider();
  const payoutAccounts = createPayoutAccounts({
    db,
    clock,
    logger: app.log,
    provider: payoutProvider,
    payoutSettings,
    publicUrl: config.publicUrl,
  });
  const payoutTransfers = createPayoutTransfers({ db, clock, logger: app.log, provider: payoutProvider });
  const payoutStatements = createPayoutStatements({ db, payoutSettings });
  const payments = createPayments({
    db,
    clock,
    logger: app.log,
    provider: deps.paymentProvider ?? (stripe ? createStripeProvider(stripe, { tax: config.stripe?.tax }) : createTestProvider()),
    unlocks,
    subscriptions,
    publicUrl: config.publicUrl,
    events,
    // A tier payment is split among the series' payees in its transaction, and a refund takes the parts back.
    tierIncome: { allocate: allocateTierIncome, refund: refundTierIncome },
  });
  const stripeEvents =
    stripe && config.stripe
      ? createStripeEvents({
          db,
          clock,
          logger: app.log,
          stripe,
          webhookSecret: config.stripe.webhookSecret,
          payments,
          subscriptions,
          jobs,
          payoutAccounts,
        })
      : undefined;
  return {
    wallet,
    unlocks,
    payouts,
    /** Closing payout months (the `payouts.close-month` job's work; tests run it directly). */
    payoutMonths,
    /** Issue 38 §2: payout accounts, statements, and the transfers' job and retry. */
    payoutAccounts,
    payoutStatements,
    payoutTransfers,
    subscriptions,
    purchases,
    payments,
    /** Stripe's webhook work, when Stripe is configured (tests run its job directly). */
    stripeEvents,
  };
}
export type MoneyServices = ReturnType<typeof createMoneyServices>;
