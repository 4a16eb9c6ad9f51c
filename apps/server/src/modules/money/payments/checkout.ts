import type { z } from 'zod';
import type { checkoutRequestSchema } from '@inkwell/contract';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { findPublishedSeries } from '../../catalogue/series';
import { currentSubscription, findPlan, findTier, isMemberOf } from '../subscriptions';
import {
  findCoinPackage,
  findPurchase,
  insertPurchase,
  setPurchaseSession,
  transitionPurchase,
  type PurchaseRow,
} from './payments.repository';
import type { PaymentProvider, Recurring } from './providers/provider';

type CheckoutRequest = z.output<typeof checkoutRequestSchema>;
type NewPurchase = { purchase: PurchaseRow; plan: Recurring | null };

export const purchaseNotFound = () => new AppError('not_found', 'apiErrors.money.purchaseNotFound');

/**
 * Starting to pay (DESIGN §5): a checkout creates a pending purchase that copies the price and
 * coins of its package, plan or series tier, and sends the buyer to the provider. The built-in test checkout's
 * Pay and Cancel buttons land here too, for the purchase's owner only.
 */
export function createCheckout(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  provider: PaymentProvider;
  publicUrl: string;
  /** The one fulfilment (fulfilment.ts): the test checkout's Pay calls it as Stripe's webhook does. */
  fulfil: (purchaseId: string) => Promise<PurchaseRow>;
}) {
  const { db, clock, logger, provider, publicUrl, fulfil } = deps;
  const absolute = (path: string) => new URL(path, publicUrl).toString();

  async function newPurchase(user: { id: string }, input: CheckoutRequest): Promise<NewPurchase> {
    if (input.kind === 'tier') return newTierPurchase(user, input);
    if (input.kind === 'coins') {
      const pkg = await findCoinPackage(db, input.packageId);
      if (!pkg || !pkg.isActive) throw new AppError('not_found', 'apiErrors.money.packageNotOnSale');
      const purchase = await insertPurchase(db, {
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
      return { purchase, plan: null };
    }
    const plan = await findPlan(db, input.planId);
    if (!plan || !plan.isActive) throw new AppError('not_found', 'apiErrors.money.planNotOnSale');
    if (await currentSubscription(db, user.id, clock.now())) {
      throw new AppError('conflict', 'apiErrors.money.alreadySubscribed');
    }
    const purchase = await insertPurchase(db, {
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
    return { purchase, plan: { interval: plan.interval } };
  }

  /**
   * A series' membership tier (issue 38 §1), bought as a plan is: a reader may hold a plan and a
   * membership of each series at once, but one membership per series.
   */
  async function newTierPurchase(user: { id: string }, input: Extract<CheckoutRequest, { kind: 'tier' }>): Promise<NewPurchase> {
    const tier = await findTier(db, input.tierId);
    if (!tier || !tier.isActive) throw new AppError('not_found', 'apiErrors.money.tierNotOnSale');
    // A draft (or unpublished) series is not for sale, as the series page does not show its tiers.
    if (!(await findPublishedSeries(db, tier.seriesId))) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
    if (await isMemberOf(db, user.id, tier.seriesId, clock.now())) {
      throw new AppError('conflict', 'apiErrors.money.alreadyMember');
    }
    const purchase = await insertPurchase(db, {
      userId: user.id,
      kind: 'tier',
      tierId: tier.id,
      amountCents: tier.priceCents,
      currency: tier.currency as PurchaseRow['currency'],
      coins: 0,
      itemName: tier.name,
      provider: provider.name,
      returnTo: input.returnTo ?? null,
    });
    return { purchase, plan: { interval: tier.interval, metadata: { kind: 'tier', tierId: tier.id, seriesId: tier.seriesId } } };
  }

  async function ownTestPurchase(userId: string, purchaseId: string): Promise<PurchaseRow> {
    if (provider.name !== 'test') throw new AppError('not_found', 'apiErrors.money.testCheckoutOff');
    const purchase = await findPurchase(db, purchaseId);
    if (!purchase || purchase.userId !== userId || purchase.provider !== 'test') throw purchaseNotFound();
    return purchase;
  }

  const checkout = {
    async checkout(
      user: { id: string; email: string },
      input: CheckoutRequest,
    ): Promise<{ purchaseId: string; checkoutUrl: string }> {
      const { purchase, plan } = await newPurchase(user, input);
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
        throw new AppError('payment_provider_error', 'apiErrors.money.providerNotAnswering');
      }
      await setPurchaseSession(db, purchase.id, session.sessionId);
      return { purchaseId: purchase.id, checkoutUrl: session.url };
    },

    /** A checkout the buyer abandoned. A payment that arrives later still wins (`fulfil` takes cancelled too). */
    async cancelPending(purchaseId: string): Promise<PurchaseRow> {
      const cancelled = await transitionPurchase(db, purchaseId, ['pending'], { status: 'cancelled' });
      const purchase = cancelled ?? (await findPurchase(db, purchaseId));
      if (!purchase) throw purchaseNotFound();
      return purchase;
    },

    /** The test checkout's Pay and Cancel: the purchase's owner only, and only while Stripe is not configured. */
    async completeTestCheckout(userId: string, purchaseId: string): Promise<PurchaseRow> {
      const purchase = await ownTestPurchase(userId, purchaseId);
      if (purchase.status === 'paid') return purchase;
      if (purchase.status !== 'pending')
        throw new AppError('conflict', 'apiErrors.money.purchaseIs', { values: { status: purchase.status } });
      return fulfil(purchaseId);
    },

    async cancelTestCheckout(userId: string, purchaseId: string): Promise<PurchaseRow> {
      const purchase = await ownTestPurchase(userId, purchaseId);
      if (purchase.status === 'cancelled') return purchase;
      if (purchase.status !== 'pending')
        throw new AppError('conflict', 'apiErrors.money.purchaseIs', { values: { status: purchase.status } });
      return checkout.cancelPending(purchaseId);
    },
  };
  return checkout;
}
