import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { advancePeriod, creditPeriodCoins, findPlan, findTier, startSubscription, type SubscriptionRow } from '../subscriptions';
import { findUserById } from '../../identity/users';
import { moveCoins, type Unlocks } from '../wallet';
import { purchaseNotFound } from './checkout';
import { findPurchase, insertPurchase, transitionPurchase, type PurchaseRow } from './payments.repository';
import type { EventPublisher } from '../../../lib/domain-events';
import type { PaymentProvider } from './providers/provider';

/** What the provider tells about a payment that succeeded (Stripe's ids and period; nothing for the test checkout). */
export interface PaymentDetails {
  providerPaymentId?: string | null;
  providerSubscriptionId?: string | null;
  periodStart?: Date;
  periodEnd?: Date;
  /** Tax the provider added on top of the price (Stripe Tax, issue 38 §3). */
  taxCents?: number;
}

/**
 * The series' payees' parts of a tier payment and of its refund, written in the payment's
 * transaction: payouts' commands, handed in (payouts asks payments for its payout provider, so
 * payments does not import payouts), as wallet is handed the unlocks' split.
 */
export interface TierIncome {
  allocate(
    tx: Database,
    payment: { purchaseId: string; seriesId: string; currency: string; amountCents: number; now: Date },
  ): Promise<void>;
  refund(tx: Database, refund: { purchaseId: string; now: Date }): Promise<void>;
}

/** What a subscription (or the purchase that starts one) is bought as: a plan, or a series' tier. */
async function itemOf(tx: Database, row: { planId: string | null; tierId: string | null }) {
  if (row.planId) return { kind: 'plan' as const, plan: (await findPlan(tx, row.planId))! };
  return { kind: 'tier' as const, tier: (await findTier(tx, row.tierId!))! };
}

/** A tier payment as the series' payees share it: what was charged, in its currency. */
const tierPayment = (purchase: PurchaseRow, subscription: SubscriptionRow, now: Date) => ({
  purchaseId: purchase.id,
  seriesId: subscription.seriesId!,
  currency: purchase.currency,
  amountCents: purchase.amountCents,
  now,
});

/**
 * Money that arrived (DESIGN §5): `fulfil` is the one function that turns a payment into coins or
 * a subscription (a plan, or a series' membership whose payment the series' payees share), called by the test checkout's Pay button and by Stripe's webhooks alike; `renew`
 * is a further period that was paid for. Every step that must happen once is a conditional update
 * in the database, so replays and races change nothing more.
 */
export function createFulfilment(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  unlocks: Unlocks;
  /** Something about this user changed (coins, plan): every instance forgets what it kept about them. */
  events: EventPublisher;
  tierIncome: TierIncome;
  /** Stops a replaced subscription's billing (a newer plan, or a newer membership of the same series). */
  provider: PaymentProvider;
}) {
  const { db, clock, logger, unlocks, events, tierIncome, provider } = deps;

  /**
   * A subscription a newer one replaced (ended in our database in the payment's transaction) stops
   * charging at its provider, at once as a refund's does, after that transaction committed. A
   * refusal is logged: the replaced one's next invoice.paid cancels it again (stripe-subscription.ts).
   */
  async function stopReplaced(replaced: SubscriptionRow | undefined) {
    if (!replaced?.providerSubscriptionId || replaced.provider !== provider.name) return;
    await provider.cancelSubscription(replaced, { atPeriodEnd: false }).catch((error: unknown) => {
      logger.error({ err: error, subscriptionId: replaced.id }, 'the payment provider refused to cancel a replaced subscription');
    });
  }

  /** "Unlocked if they asked for that": the chapter the reader was buying coins for. */
  async function unlockAskedFor(purchase: PurchaseRow) {
    if (purchase.kind !== 'coins' || !purchase.unlockChapterId) return;
    const user = await findUserById(db, purchase.userId);
    if (!user) return;
    await unlocks.unlock(user, [purchase.unlockChapterId]).catch((error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      logger.info({ purchaseId: purchase.id, code: error.code }, 'the chapter asked for at checkout stayed locked');
    });
  }

  return {
    /**
     * A paid purchase credits its coins or starts its subscription, once. The claim is the
     * conditional pending → paid update; whoever loses it finds the purchase done.
     */
    async fulfil(purchaseId: string, details: PaymentDetails = {}): Promise<PurchaseRow> {
      const now = clock.now();
      const result = await db.transaction(async (tx) => {
        const claimed = await transitionPurchase(tx, purchaseId, ['pending', 'cancelled'], {
          status: 'paid',
          paidAt: now,
          ...(details.providerPaymentId ? { providerPaymentId: details.providerPaymentId } : {}),
          ...(details.taxCents ? { taxCents: details.taxCents } : {}),
        });
        if (!claimed) return { purchase: await findPurchase(tx, purchaseId), fresh: false, replaced: undefined };
        if (claimed.kind === 'coins') {
          await moveCoins(tx, {
            userId: claimed.userId,
            delta: claimed.coins,
            kind: 'purchase',
            reason: `Bought ${claimed.itemName}`,
            purchaseId: claimed.id,
            idempotencyKey: `purchase:${claimed.id}`,
          });
          return { purchase: claimed, fresh: true, replaced: undefined };
        }
        const period = {
          start: details.periodStart ?? now,
          end: details.periodEnd,
          providerSubscriptionId: details.providerSubscriptionId,
        };
        const { subscription, replaced } = await startSubscription(tx, claimed, await itemOf(tx, claimed), period, now);
        if (claimed.kind === 'tier') await tierIncome.allocate(tx, tierPayment(claimed, subscription, now));
        const purchase = await transitionPurchase(tx, claimed.id, ['paid'], { status: 'paid', subscriptionId: subscription.id });
        return { purchase: purchase ?? claimed, fresh: true, replaced };
      });
      await stopReplaced(result.replaced);
      if (!result.purchase) throw purchaseNotFound();
      if (result.fresh) {
        events.publish({ type: 'user.changed', userId: result.purchase.userId });
        await unlockAskedFor(result.purchase);
      }
      return result.purchase;
    },

    /**
     * A new period that was paid for (a test renewal, or Stripe's invoice.paid): the period moves
     * forward once, a paid renewal purchase records the charge, and the period's coins are credited once.
     */
    async renew(
      subscriptionId: string,
      period: { start: Date; end: Date; reference: string | null; providerPaymentId?: string | null; taxCents?: number },
    ): Promise<boolean> {
      const now = clock.now();
      const userId = await db.transaction(async (tx) => {
        const advanced = await advancePeriod(tx, subscriptionId, period.start, period.end);
        if (!advanced) return null;
        const item = await itemOf(tx, advanced);
        const terms = item.kind === 'plan' ? item.plan : item.tier;
        const renewal = await insertPurchase(tx, {
          userId: advanced.userId,
          kind: item.kind,
          status: 'paid',
          ...(item.kind === 'plan' ? { planId: item.plan.id } : { tierId: item.tier.id }),
          subscriptionId: advanced.id,
          amountCents: terms.priceCents,
          currency: terms.currency as PurchaseRow['currency'],
          itemName: `${terms.name} (renewal)`,
          provider: advanced.provider,
          providerSessionId: period.reference,
          // Stripe's payment of the renewal invoice: what charge.refunded names when it is refunded.
          providerPaymentId: period.providerPaymentId ?? null,
          taxCents: period.taxCents ?? 0,
          paidAt: now,
        });
        await creditPeriodCoins(tx, advanced, terms, renewal.id, period.start);
        if (item.kind === 'tier') await tierIncome.allocate(tx, tierPayment(renewal, advanced, now));
        return advanced.userId;
      });
      if (userId) events.publish({ type: 'user.changed', userId: userId });
      return userId !== null;
    },
  };
}
export type Fulfilment = ReturnType<typeof createFulfilment>;
