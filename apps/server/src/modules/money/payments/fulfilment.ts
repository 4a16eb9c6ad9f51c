import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { advancePeriod, creditPeriodCoins, findPlan, startSubscription } from '../subscriptions';
import { findUserById } from '../../identity/users';
import { moveCoins, type Unlocks } from '../wallet';
import { purchaseNotFound } from './checkout';
import { findPurchase, insertPurchase, transitionPurchase, type PurchaseRow } from './payments.repository';
import type { EventPublisher } from '../../../lib/domain-events';

/** What the provider tells about a payment that succeeded (Stripe's ids and period; nothing for the test checkout). */
export interface PaymentDetails {
  providerPaymentId?: string | null;
  providerSubscriptionId?: string | null;
  periodStart?: Date;
  periodEnd?: Date;
}

/**
 * Money that arrived (DESIGN §5): `fulfil` is the one function that turns a payment into coins or
 * a subscription, called by the test checkout's Pay button and by Stripe's webhooks alike; `renew`
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
}) {
  const { db, clock, logger, unlocks, events } = deps;

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
        });
        if (!claimed) return { purchase: await findPurchase(tx, purchaseId), fresh: false };
        if (claimed.kind === 'coins') {
          await moveCoins(tx, {
            userId: claimed.userId,
            delta: claimed.coins,
            kind: 'purchase',
            reason: `Bought ${claimed.itemName}`,
            purchaseId: claimed.id,
            idempotencyKey: `purchase:${claimed.id}`,
          });
          return { purchase: claimed, fresh: true };
        }
        const plan = (await findPlan(tx, claimed.planId!))!;
        const period = {
          start: details.periodStart ?? now,
          end: details.periodEnd,
          providerSubscriptionId: details.providerSubscriptionId,
        };
        const subscription = await startSubscription(tx, claimed, plan, period, now);
        const purchase = await transitionPurchase(tx, claimed.id, ['paid'], { status: 'paid', subscriptionId: subscription.id });
        return { purchase: purchase ?? claimed, fresh: true };
      });
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
      period: { start: Date; end: Date; reference: string | null; providerPaymentId?: string | null },
    ): Promise<boolean> {
      const now = clock.now();
      const userId = await db.transaction(async (tx) => {
        const advanced = await advancePeriod(tx, subscriptionId, period.start, period.end);
        if (!advanced) return null;
        const plan = (await findPlan(tx, advanced.planId))!;
        const renewal = await insertPurchase(tx, {
          userId: advanced.userId,
          kind: 'plan',
          status: 'paid',
          planId: plan.id,
          subscriptionId: advanced.id,
          amountCents: plan.priceCents,
          currency: plan.currency,
          itemName: `${plan.name} (renewal)`,
          provider: advanced.provider,
          providerSessionId: period.reference,
          // Stripe's payment of the renewal invoice: what charge.refunded names when it is refunded.
          providerPaymentId: period.providerPaymentId ?? null,
          paidAt: now,
        });
        await creditPeriodCoins(tx, advanced, plan, renewal.id, period.start);
        return advanced.userId;
      });
      if (userId) events.publish({ type: 'user.changed', userId: userId });
      return userId !== null;
    },
  };
}
export type Fulfilment = ReturnType<typeof createFulfilment>;
