import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../../../db/client';
import { type ApiErrorId, AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { addInterval, findMembership, lapsedTestSubscriptions, type SubscriptionRow, type Subscriptions } from '../subscriptions';
import type { Fulfilment } from './fulfilment';
import type { PaymentProvider } from './providers/provider';

/**
 * A subscription's billing as the provider sees it: the reader's Cancel (told to the provider
 * first), and the built-in test provider's renewals, which stand in for Stripe's invoices.
 */
export function createBilling(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  provider: PaymentProvider;
  subscriptions: Subscriptions;
  renew: Fulfilment['renew'];
}) {
  const { db, clock, logger, provider, subscriptions, renew } = deps;
  /** Tells the provider to stop at the period's end, then marks ours: access stays to the end of the period paid for. */
  async function cancelAtPeriodEnd(subscription: SubscriptionRow, refused: ApiErrorId): Promise<SubscriptionRow> {
    if (subscription.cancelAtPeriodEnd) return subscription;
    if (subscription.provider === provider.name) {
      try {
        await provider.cancelSubscription(subscription, { atPeriodEnd: true });
      } catch (error) {
        logger.error({ err: error, subscriptionId: subscription.id }, 'the payment provider refused a cancellation');
        throw new AppError('payment_provider_error', refused);
      }
    }
    return (await subscriptions.setCancelAtPeriodEnd(subscription.id, true))!;
  }

  return {
    /** The reader's Cancel of their plan. */
    async cancelSubscription(userId: string): Promise<SubscriptionRow> {
      const running = await subscriptions.current(userId);
      if (!running) throw new AppError('not_found', 'apiErrors.money.noPlanToCancel');
      return cancelAtPeriodEnd(running.subscription, 'apiErrors.money.cancelNoAnswer');
    },

    /** The reader's Cancel of one membership (issue 38 §1), as of a plan: their own, running, only. */
    async cancelMembership(userId: string, membershipId: string): Promise<SubscriptionRow> {
      const membership = await findMembership(db, membershipId);
      const subscription = membership?.subscription;
      if (
        !subscription ||
        subscription.userId !== userId ||
        subscription.status !== 'active' ||
        subscription.currentPeriodEnd <= clock.now()
      )
        throw new AppError('not_found', 'apiErrors.money.noMembershipToCancel');
      return cancelAtPeriodEnd(subscription, 'apiErrors.money.membershipCancelNoAnswer');
    },

    /**
     * The test provider's billing (a pg-boss schedule): a lapsed period renews as if paid, unless
     * the reader cancelled, in which case the subscription ends. Safe to run twice or on N instances.
     */
    async runTestBilling(): Promise<{ renewed: number; ended: number }> {
      const now = clock.now();
      let renewed = 0;
      let ended = 0;
      for (const { subscription, interval } of await lapsedTestSubscriptions(db, now, 200)) {
        if (subscription.cancelAtPeriodEnd) {
          if (await subscriptions.end(subscription.id, subscription.currentPeriodEnd)) ended += 1;
          continue;
        }
        const start = subscription.currentPeriodEnd;
        if (await renew(subscription.id, { start, end: addInterval(start, interval), reference: null })) renewed += 1;
      }
      return { renewed, ended };
    },
  };
}
