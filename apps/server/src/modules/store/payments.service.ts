import type { z } from 'zod';
import type { checkoutRequestSchema } from '@inkwell/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { findUserById } from '../users';
import { lockBalance, moveCoins } from './ledger.repository';
import type { PaymentProvider } from './providers/provider';
import {
  activeSubscriptionRow,
  advancePeriod,
  currentSubscription,
  endSubscriptionRow,
  findCoinPackage,
  findPlan,
  findPurchase,
  findSubscription,
  findSubscriptionByPurchase,
  insertPurchase,
  insertSubscription,
  lapsedTestSubscriptions,
  setPurchaseSession,
  transitionPurchase,
  updateSubscription,
  type PlanRow,
  type PurchaseRow,
  type SubscriptionRow,
} from './store.repository';
import type { Unlocks } from './unlocks';

type CheckoutRequest = z.output<typeof checkoutRequestSchema>;

/** What the provider tells about a payment that succeeded (Stripe's ids and period; nothing for the test checkout). */
export interface PaymentDetails {
  providerPaymentId?: string | null;
  providerSubscriptionId?: string | null;
  periodStart?: Date;
  periodEnd?: Date;
}

export function addInterval(from: Date, interval: PlanRow['interval']): Date {
  const next = new Date(from);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

const notFound = () => new AppError('not_found', 'Purchase not found');

/**
 * Payments (DESIGN §5): a checkout creates a pending purchase and sends the buyer to the
 * provider; `fulfil` is the one function that turns a payment into coins or a subscription,
 * called by the test checkout's Pay button and by Stripe's webhooks alike. Every step that must
 * happen once is a conditional update in the database, so replays and races change nothing more.
 */
export function createPayments(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  provider: PaymentProvider;
  unlocks: Unlocks;
  publicUrl: string;
  /** Something about this user changed (coins, plan): every instance forgets what it kept about them. */
  onUserChanged: (userId: string) => void;
}) {
  const { db, clock, logger, provider, unlocks, publicUrl, onUserChanged } = deps;
  const absolute = (path: string) => new URL(path, publicUrl).toString();

  async function subscriptionCoins(tx: Database, subscription: SubscriptionRow, plan: PlanRow, purchaseId: string, start: Date) {
    if (plan.coinsPerPeriod <= 0) return;
    await moveCoins(tx, {
      userId: subscription.userId,
      delta: plan.coinsPerPeriod,
      kind: 'subscription_coins',
      reason: `${plan.name}: coins for the ${plan.interval}`,
      purchaseId,
      // Coins per period are credited once per period, whoever reports the period.
      idempotencyKey: `subscription:${subscription.id}:${start.toISOString()}`,
    });
  }

  const service = {
    provider: provider.name,

    async checkout(
      user: { id: string; email: string },
      input: CheckoutRequest,
    ): Promise<{ purchaseId: string; checkoutUrl: string }> {
      let purchase: PurchaseRow;
      let plan: PlanRow | null = null;
      if (input.kind === 'coins') {
        const pkg = await findCoinPackage(db, input.packageId);
        if (!pkg || !pkg.isActive) throw new AppError('not_found', 'This coin package is not on sale');
        purchase = await insertPurchase(db, {
          userId: user.id,
          kind: 'coins',
          packageId: pkg.id,
          amountCents: pkg.priceCents,
          currency: pkg.currency,
          coins: pkg.coins + pkg.bonusCoins,
          itemName: pkg.name,
          provider: provider.name,
          returnTo: input.returnTo ?? null,
          unlockChapterId: input.unlockChapterId ?? null,
        });
      } else {
        plan = (await findPlan(db, input.planId)) ?? null;
        if (!plan || !plan.isActive) throw new AppError('not_found', 'This plan is not on sale');
        if (await currentSubscription(db, user.id, clock.now())) {
          throw new AppError('conflict', 'You already have a plan. Cancel it first, or wait for it to end.');
        }
        purchase = await insertPurchase(db, {
          userId: user.id,
          kind: 'plan',
          planId: plan.id,
          amountCents: plan.priceCents,
          currency: plan.currency,
          coins: 0,
          itemName: plan.name,
          provider: provider.name,
          returnTo: input.returnTo ?? null,
        });
      }
      let session: { sessionId: string; url: string };
      try {
        session = await provider.createCheckout({
          purchase,
          buyer: user,
          plan,
          successUrl: absolute(`/buy/checkout/${purchase.id}?status=success`),
          cancelUrl: absolute(`/buy/checkout/${purchase.id}?status=cancelled`),
        });
      } catch (error) {
        logger.error({ err: error, purchaseId: purchase.id }, 'the payment provider refused a checkout');
        await transitionPurchase(db, purchase.id, ['pending'], { status: 'failed' });
        throw new AppError('payment_provider_error', 'The payment service is not answering. Please try again in a moment.');
      }
      await setPurchaseSession(db, purchase.id, session.sessionId);
      return { purchaseId: purchase.id, checkoutUrl: session.url };
    },

    /**
     * The one fulfilment: a paid purchase credits its coins or starts its subscription, once. The
     * claim is the conditional pending → paid update; whoever loses it finds the purchase done.
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
        // A reader holds one running plan: a newer paid plan replaces the old one.
        const running = await activeSubscriptionRow(tx, claimed.userId);
        if (running) await endSubscriptionRow(tx, running.id, now);
        const start = details.periodStart ?? now;
        const subscription = await insertSubscription(tx, {
          userId: claimed.userId,
          planId: plan.id,
          purchaseId: claimed.id,
          provider: claimed.provider,
          providerSubscriptionId: details.providerSubscriptionId ?? null,
          currentPeriodStart: start,
          currentPeriodEnd: details.periodEnd ?? addInterval(start, plan.interval),
          startedAt: now,
        });
        const purchase = await transitionPurchase(tx, claimed.id, ['paid'], { status: 'paid', subscriptionId: subscription.id });
        await subscriptionCoins(tx, subscription, plan, claimed.id, start);
        return { purchase: purchase ?? claimed, fresh: true };
      });
      if (!result.purchase) throw notFound();
      const purchase = result.purchase;
      if (result.fresh) onUserChanged(purchase.userId);
      // "Unlocked if they asked for that": the chapter the reader was buying coins for.
      if (result.fresh && purchase.kind === 'coins' && purchase.unlockChapterId) {
        const user = await findUserById(db, purchase.userId);
        if (user) {
          await unlocks.unlock(user, [purchase.unlockChapterId]).catch((error: unknown) => {
            if (!(error instanceof AppError)) throw error;
            logger.info({ purchaseId: purchase.id, code: error.code }, 'the chapter asked for at checkout stayed locked');
          });
        }
      }
      return purchase;
    },

    /** A checkout the buyer abandoned. A payment that arrives later still wins (`fulfil` takes cancelled too). */
    async cancelPending(purchaseId: string): Promise<PurchaseRow> {
      const cancelled = await transitionPurchase(db, purchaseId, ['pending'], { status: 'cancelled' });
      const purchase = cancelled ?? (await findPurchase(db, purchaseId));
      if (!purchase) throw notFound();
      return purchase;
    },

    /** The test checkout's Pay and Cancel: the purchase's owner only, and only while Stripe is not configured. */
    async completeTestCheckout(userId: string, purchaseId: string): Promise<PurchaseRow> {
      const purchase = await ownTestPurchase(userId, purchaseId);
      if (purchase.status === 'paid') return purchase;
      if (purchase.status !== 'pending') throw new AppError('conflict', `This purchase is ${purchase.status}`);
      return service.fulfil(purchaseId);
    },

    async cancelTestCheckout(userId: string, purchaseId: string): Promise<PurchaseRow> {
      const purchase = await ownTestPurchase(userId, purchaseId);
      if (purchase.status === 'cancelled') return purchase;
      if (purchase.status !== 'pending') throw new AppError('conflict', `This purchase is ${purchase.status}`);
      return service.cancelPending(purchaseId);
    },

    /**
     * A refund (DESIGN §5): the provider gives the money back first (when asked to), then, once, a
     * coin purchase takes back what is left of its coins (never more than the balance) and a plan
     * purchase ends its subscription. Stripe's charge.refunded lands here too, with viaProvider false.
     */
    async refund(purchaseId: string, { viaProvider }: { viaProvider: boolean }): Promise<PurchaseRow> {
      const purchase = await findPurchase(db, purchaseId);
      if (!purchase) throw notFound();
      if (purchase.status === 'refunded') return purchase;
      if (purchase.status !== 'paid') throw new AppError('conflict', 'Only a paid purchase can be refunded');
      const subscription =
        purchase.kind === 'plan' && purchase.subscriptionId ? await findSubscription(db, purchase.subscriptionId) : undefined;
      if (viaProvider && purchase.provider === provider.name) {
        try {
          await provider.refund(purchase, subscription);
          if (subscription?.status === 'active') await provider.cancelSubscription(subscription, { atPeriodEnd: false });
        } catch (error) {
          logger.error({ err: error, purchaseId }, 'the payment provider refused a refund');
          throw new AppError('payment_provider_error', 'The payment service refused the refund. Nothing was changed.');
        }
      }
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

    /** The reader's Cancel: access stays to the end of the period that was paid for. */
    async cancelSubscription(userId: string): Promise<SubscriptionRow> {
      const now = clock.now();
      const running = await currentSubscription(db, userId, now);
      if (!running) throw new AppError('not_found', 'You have no plan to cancel');
      const { subscription } = running;
      if (subscription.cancelAtPeriodEnd) return subscription;
      if (subscription.provider === provider.name) {
        try {
          await provider.cancelSubscription(subscription, { atPeriodEnd: true });
        } catch (error) {
          logger.error({ err: error, subscriptionId: subscription.id }, 'the payment provider refused a cancellation');
          throw new AppError(
            'payment_provider_error',
            'The payment service did not answer. Your plan was not cancelled; please try again.',
          );
        }
      }
      const updated = (await updateSubscription(db, subscription.id, { cancelAtPeriodEnd: true }))!;
      onUserChanged(userId);
      return updated;
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
        await subscriptionCoins(tx, advanced, plan, renewal.id, period.start);
        return advanced.userId;
      });
      if (userId) onUserChanged(userId);
      return userId !== null;
    },

    async endSubscription(subscriptionId: string, at: Date): Promise<void> {
      const ended = await endSubscriptionRow(db, subscriptionId, at);
      if (ended) onUserChanged(ended.userId);
    },

    async setCancelAtPeriodEnd(subscriptionId: string, cancelAtPeriodEnd: boolean): Promise<void> {
      const updated = await updateSubscription(db, subscriptionId, { cancelAtPeriodEnd });
      if (updated) onUserChanged(updated.userId);
    },

    /**
     * The test provider's billing (a pg-boss schedule): a lapsed period renews as if paid, unless
     * the reader cancelled, in which case the subscription ends. Safe to run twice or on N instances.
     */
    async runTestBilling(): Promise<{ renewed: number; ended: number }> {
      const now = clock.now();
      let renewed = 0;
      let ended = 0;
      for (const { subscription, plan } of await lapsedTestSubscriptions(db, now, 200)) {
        if (subscription.cancelAtPeriodEnd) {
          if (await endSubscriptionRow(db, subscription.id, subscription.currentPeriodEnd)) {
            ended += 1;
            onUserChanged(subscription.userId);
          }
          continue;
        }
        const start = subscription.currentPeriodEnd;
        if (await service.renew(subscription.id, { start, end: addInterval(start, plan.interval), reference: null }))
          renewed += 1;
      }
      return { renewed, ended };
    },

    findSubscriptionOfPurchase: (purchaseId: string) => findSubscriptionByPurchase(db, purchaseId),
  };

  async function ownTestPurchase(userId: string, purchaseId: string): Promise<PurchaseRow> {
    if (provider.name !== 'test') throw new AppError('not_found', 'The test checkout is off: payments go through Stripe');
    const purchase = await findPurchase(db, purchaseId);
    if (!purchase || purchase.userId !== userId || purchase.provider !== 'test') throw notFound();
    return purchase;
  }

  return service;
}
export type Payments = ReturnType<typeof createPayments>;
