import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../../../db/client';
import { type AuditContext, recordAuditEntry } from '../../team/audit';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { endSubscriptionRow, findSubscription } from '../subscriptions';
import { coinsCreditedBy, lockBalance, moveCoins } from '../wallet';
import { purchaseNotFound } from './checkout';
import { findPurchase, transitionPurchase, type PurchaseRow } from './payments.repository';
import type { TierIncome } from './fulfilment';
import type { PaymentProvider } from './providers/provider';
import type { EventPublisher } from '../../../lib/domain-events';

/**
 * A refund (DESIGN §5): the provider gives the money back first (when asked to), then, once, the
 * purchase takes back what is left of the coins it brought (a coin package's, or a plan's for the
 * periods it paid; never more than the balance), with a ledger row, a plan or tier purchase ends
 * its subscription, and a tier's takes back the series' payees' parts. Stripe's charge.refunded lands here too, with viaProvider false.
 */
export function createRefunds(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  provider: PaymentProvider;
  events: EventPublisher;
  tierIncome: TierIncome;
}) {
  const { db, clock, logger, provider, events, tierIncome } = deps;

  async function refundAtProvider(purchase: PurchaseRow) {
    const subscription =
      purchase.kind !== 'coins' && purchase.subscriptionId ? await findSubscription(db, purchase.subscriptionId) : undefined;
    try {
      await provider.refund(purchase, subscription);
      if (subscription?.status === 'active') await provider.cancelSubscription(subscription, { atPeriodEnd: false });
    } catch (error) {
      logger.error({ err: error, purchaseId: purchase.id }, 'the payment provider refused a refund');
      throw new AppError('payment_provider_error', 'apiErrors.money.refundRefused');
    }
  }

  return {
    /**
     * Answers the purchase as it now stands, and whether this call refunded it (a repeat, or a race
     * lost, did not). With `audit` (an admin's call), a refund made writes its audit entry in its
     * transaction, and a repeat writes none: twenty clicks on Refund are one entry.
     */
    async refund(
      purchaseId: string,
      { viaProvider, audit }: { viaProvider: boolean; audit?: AuditContext },
    ): Promise<{ purchase: PurchaseRow; changed: boolean }> {
      const purchase = await findPurchase(db, purchaseId);
      if (!purchase) throw purchaseNotFound();
      if (purchase.status === 'refunded') return { purchase, changed: false };
      if (purchase.status !== 'paid') throw new AppError('conflict', 'apiErrors.money.onlyPaidRefund');
      if (viaProvider && purchase.provider === provider.name) await refundAtProvider(purchase);
      const now = clock.now();
      const result = await db.transaction(async (tx) => {
        const refunded = await transitionPurchase(tx, purchaseId, ['paid'], { status: 'refunded', refundedAt: now });
        if (!refunded) return { purchase: (await findPurchase(tx, purchaseId))!, changed: false };
        const brought = refunded.kind === 'coins' ? refunded.coins : await coinsCreditedBy(tx, refunded.id, 'subscription_coins');
        const balance = (await lockBalance(tx, refunded.userId)) ?? 0;
        const takeBack = Math.min(brought, balance);
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
        if (refunded.subscriptionId) await endSubscriptionRow(tx, refunded.subscriptionId, now, now);
        // A membership's payment: the series' payees give back their parts, once (issue 38 §1).
        if (refunded.kind === 'tier') await tierIncome.refund(tx, { purchaseId: refunded.id, now });
        const done = await transitionPurchase(tx, purchaseId, ['refunded'], { status: 'refunded', coinsReversed: takeBack });
        if (audit) await recordAuditEntry(tx, audit);
        return { purchase: done!, changed: true };
      });
      if (result.changed) events.publish({ type: 'user.changed', userId: result.purchase.userId });
      return result;
    },
  };
}
