import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../lib/endpoint';
import type { Payments } from './payments.service';
import type { StoreService } from './store.service';
import { toPurchase, toSubscription } from './store.presenter';
import type { Unlocks } from './unlocks';
import { findPlan } from './store.repository';
import type { Database } from '../../db/client';
import type { StripeEvents } from './stripe-events.service';

/** The store's endpoints (DESIGN §4 Money): public lists, the reader's own things, the admin's. */
export async function storeRoutes(
  app: FastifyInstance,
  { db, store, payments, unlocks, stripeEvents }: { db: Database; store: StoreService; payments: Payments; unlocks: Unlocks; stripeEvents?: StripeEvents | undefined },
) {
  endpoint(app, 'coinPackages', { handler: async () => ({ success: true, data: { items: await store.coinPackages() } }) });
  endpoint(app, 'plans', { handler: async () => ({ success: true, data: { items: await store.plans() } }) });

  endpoint(app, 'checkout', {
    summary: 'Start paying for a coin package or a plan; send the buyer to checkoutUrl',
    handler: async (request) => ({ success: true, data: await payments.checkout(request.user!, request.body) }),
  });
  endpoint(app, 'myPurchases', {
    handler: async (request) => ({ success: true, data: await store.purchases(request.user!.id, request.query.page) }),
  });
  endpoint(app, 'myPurchase', {
    handler: async (request) => {
      const purchase = await store.purchase(request.user!.id, request.params.purchaseId);
      // Back from Stripe before its webhook: ask Stripe now, through the same fulfilment.
      if (purchase.status === 'pending' && purchase.provider === 'stripe' && stripeEvents && purchase.reference) {
        try {
          await stripeEvents.reconcileCheckout(purchase.reference);
          return { success: true, data: await store.purchase(request.user!.id, request.params.purchaseId) };
        } catch (error) {
          request.log.warn({ err: error, purchaseId: purchase.id }, 'could not ask Stripe about a returning checkout; the webhook will settle it');
        }
      }
      return { success: true, data: purchase };
    },
  });
  endpoint(app, 'testCheckoutComplete', {
    summary: 'Built-in test checkout only: pay (no money moves)',
    handler: async (request) => ({
      success: true,
      data: toPurchase(await payments.completeTestCheckout(request.user!.id, request.params.purchaseId)),
      message: 'Payment received',
    }),
  });
  endpoint(app, 'testCheckoutCancel', {
    summary: 'Built-in test checkout only: abandon the purchase',
    handler: async (request) => ({
      success: true,
      data: toPurchase(await payments.cancelTestCheckout(request.user!.id, request.params.purchaseId)),
      message: 'Purchase cancelled',
    }),
  });

  endpoint(app, 'wallet', { handler: async (request) => ({ success: true, data: await store.wallet(request.user!.id, request.query.page) }) });
  endpoint(app, 'storeSettings', {
    handler: async (request) => ({
      success: true,
      data: await store.setAutoUnlock(request.user!.id, request.body.autoUnlock),
      message: 'Settings saved',
    }),
  });

  endpoint(app, 'unlockChapter', {
    handler: async (request) => {
      const result = await unlocks.unlock(request.user!, [request.params.chapterId]);
      return {
        success: true,
        data: { chapterId: request.params.chapterId, charged: result.charged, coins: result.coins },
        message: result.charged > 0 ? `Unlocked for ${result.charged} coins` : 'Already unlocked',
      };
    },
  });
  endpoint(app, 'unlockChapters', {
    handler: async (request) => {
      const result = await unlocks.unlock(request.user!, request.body.chapterIds, request.params.seriesId);
      return {
        success: true,
        data: result,
        message: result.charged > 0 ? `Unlocked ${result.chapterIds.length} chapters for ${result.charged} coins` : 'Already unlocked',
      };
    },
  });

  endpoint(app, 'mySubscription', { handler: async (request) => ({ success: true, data: await store.subscription(request.user!.id) }) });
  endpoint(app, 'cancelSubscription', {
    handler: async (request) => {
      const subscription = await payments.cancelSubscription(request.user!.id);
      const plan = (await findPlan(db, subscription.planId))!;
      return { success: true, data: toSubscription(subscription, plan), message: 'Your plan will end at the end of this period' };
    },
  });

  endpoint(app, 'adminPlans', { handler: async () => ({ success: true, data: { items: await store.adminPlans() } }) });
  endpoint(app, 'adminPlanCreate', {
    handler: async (request) => ({ success: true, data: await store.createPlan(request.body), message: 'Plan created' }),
  });
  endpoint(app, 'adminPlanUpdate', {
    handler: async (request) => ({ success: true, data: await store.updatePlan(request.params.id, request.body), message: 'Plan saved' }),
  });
  endpoint(app, 'adminCoinPackages', { handler: async () => ({ success: true, data: await store.adminCoinPackages() }) });
  endpoint(app, 'adminCoinPackageCreate', {
    handler: async (request) => ({ success: true, data: await store.createCoinPackage(request.body), message: 'Coin package created' }),
  });
  endpoint(app, 'adminCoinPackageUpdate', {
    handler: async (request) => ({
      success: true,
      data: await store.updateCoinPackage(request.params.id, request.body),
      message: 'Coin package saved',
    }),
  });
  endpoint(app, 'adminPurchases', { handler: async (request) => ({ success: true, data: await store.adminPurchases(request.query) }) });
  endpoint(app, 'adminPurchase', { handler: async (request) => ({ success: true, data: await store.adminPurchase(request.params.id) }) });
  endpoint(app, 'adminPurchaseRefund', {
    handler: async (request) => {
      await payments.refund(request.params.id, { viaProvider: true });
      return { success: true, data: await store.adminPurchase(request.params.id), message: 'Purchase refunded' };
    },
  });
}
