// Payments (DESIGN §5, decisions 0009 and 0010): coin packages and purchases, checkout through one
// provider (the built-in test checkout or Stripe), the one fulfilment, refunds, renewals, and
// Stripe's webhook.
// the demo's seed: the coin packages, and a new one; admin-users: a user's recent purchases.
export { insertCoinPackage } from './commands/coin-packages';
export { listCoinPackages } from './queries/coin-packages';
export { purchasesOfUser } from './queries/purchases';
export { toPurchase } from './payments.presenter';
export { paymentsRoutes } from './payments.routes';
export { createPayments } from './payments.service';
export { type PaymentProvider } from './providers/provider';
export { createStripeClient } from './providers/stripe-objects';
export { createStripeProvider } from './providers/stripe-provider';
export { createTestProvider } from './providers/test-provider';
// Issue 38 §2: payouts' provider (Stripe Connect, or the built-in test provider), which payouts drives.
export { type PayoutProvider, TransferRefused } from './providers/payout-provider';
export { createStripePayoutProvider } from './providers/stripe-payout-provider';
export { createTestPayoutProvider } from './providers/test-payout-provider';
export { createPurchases } from './purchases.service';
export { createStripeEvents } from './stripe-events.service';
export { stripeWebhookRoutes } from './stripe-webhook.routes';
export { purchasesForExport } from './queries/account-export';
