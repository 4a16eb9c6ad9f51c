import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { endSubscriptionRow, findSubscription } from '../subscriptions';
import { lockBalance, moveCoins } from '../wallet';
import { purchaseNotFound } from './checkout';
import { findPurchase, transitionPurchase, type PurchaseRow } from './payments.repository';
import type { PaymentProvider } from './providers/provider';

/**
 * A refund (DESIGN §5): the provider gives the money back first (when asked to), then, once, a
 * coin purchase takes back what is left of its coins (never more than the balance) and a plan
 * purchase ends its subscription. Stripe's charge.refunded lands here too, with viaProvider false.
 */
export function createRefunds(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  provider: PaymentProvider;
  onUserChanged: (userId: string) => void;
}) {
  const { db, clock, logger, provider, onUserChanged } = deps;

  async function refundAtProvider(purchase: PurchaseRow) {
    const subscription =
      purchase.kind === 'plan' && purchase.subscriptionId ? await findSubscription(db, purchase.subscriptionId) : undefined;
    try {
      await provider.refund(purchase, subscription);
      if (subscription?.status === 'active') await provider.cancelSubscription(subscription, { atPeriodEnd: false });
    } catch (error) {
      logger.error({ err: error, purchaseId: purchase.id }, 'the payment provider refused a refund');
      throw new AppError('payment_provider_error', 'The payment service refused the refund. Nothing was changed.');
    }
  }

  return {
    async refund(purchaseId: string, { viaProvider }: { viaProvider: boolean }): Promise<PurchaseRow> {
      const purchase = await findPurchase(db, purchaseId);
      if (!purchase) throw purchaseNotFound();
      if (purchase.status === 'refunded') return purchase;
      if (purchase.status !== 'paid') throw new AppError('conflict', 'Only a paid purchase can be refunded');
      if (viaProvider && purchase.provider === provider.name) await refundAtProvider(purchase);
      const now = clock.now();
      const result = await db.transaction(async (tx) => {
        const refunded = await transitionPurchase(tx, purchaseId, ['paid'], { status: 'refunded', refundedAt: now });
        if (!refunded) return (await findPurchase(tx, purchaseId))!;
        if (refunded.kind === 'coins') {
          const balance = (await lockBalance(tx, refunded.userId)) ?? 0;
          const takeBack = Math.min(refunded.coins, balance);
          if (takeBack > 0) {
            await moveCoins(tx, {
              userId: refunded.userId,
              delta: -takeBack,
              kind: 'refund',
              reason: `Refund of ${refunded.itemName}`,
              purchaseId: refunded.id,
              idempotencyKey: `refund:${refunded.id}`,
            });
          }
          return (await transitionPurchase(tx, purchaseId, ['refunded'], { status: 'refunded', coinsReversed: takeBack }))!;
        }
        if (refunded.subscriptionId) await endSubscriptionRow(tx, refunded.subscriptionId, now, now);
        return refunded;
      });
      onUserChanged(result.userId);
      return result;
    },
  };
}
