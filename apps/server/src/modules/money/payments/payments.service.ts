import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import type { Subscriptions } from '../subscriptions';
import type { Unlocks } from '../wallet';
import { createBilling } from './billing';
import { createCheckout } from './checkout';
import { createFulfilment, type TierIncome } from './fulfilment';
import type { PaymentProvider } from './providers/provider';
import { createRefunds } from './refunds';
import type { EventPublisher } from '../../../lib/domain-events';

/**
 * Payments (DESIGN §5, decision 0009), one provider behind them: checkout (checkout.ts), the one
 * fulfilment and renewals (fulfilment.ts), refunds (refunds.ts), and a subscription's billing
 * (billing.ts). Composed here so the routes, Stripe's events and the schedules share one set.
 */
export function createPayments(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  provider: PaymentProvider;
  unlocks: Unlocks;
  subscriptions: Subscriptions;
  publicUrl: string;
  /** Something about this user changed (coins, plan): every instance forgets what it kept about them. */
  events: EventPublisher;
  /** Payouts' split of a tier payment among the series' payees, and its taking back (issue 38 §1). */
  tierIncome: TierIncome;
}) {
  const fulfilment = createFulfilment(deps);
  return {
    provider: deps.provider.name,
    ...fulfilment,
    ...createCheckout({ ...deps, fulfil: (purchaseId) => fulfilment.fulfil(purchaseId) }),
    ...createRefunds(deps),
    ...createBilling({ ...deps, renew: fulfilment.renew }),
  };
}
export type Payments = ReturnType<typeof createPayments>;
