import type { FastifyInstance } from 'fastify';
import { auditOf } from '../../team/audit';
import { endpoint } from '../../../lib/endpoint';
import type { Subscriptions } from '../subscriptions';
import type { Payments } from './payments.service';
import type { Purchases } from './purchases.service';
import type { StripeEvents } from './stripe-events.service';
import { say } from '../../../lib/say';

/** Paying (DESIGN §4 Money): coin packages, checkout, the reader's purchases, cancelling a plan, and the admin's packages, purchases and refunds. */
export async function paymentsRoutes(
  app: FastifyInstance,
  options: { purchases: Purchases; payments: Payments; subscriptions: Subscriptions; stripeEvents?: StripeEvents | undefined },
) {
  const { purchases, payments, subscriptions, stripeEvents } = options;
  endpoint(app, 'coinPackages', {
    handler: async (request) => ({ success: true, data: await purchases.coinPackages(request.query.currency) }),
  });

  endpoint(app, 'checkout', {
    summary: "Start paying for a coin package, a plan or a series' membership tier; send the buyer to checkoutUrl",
    handler: async (request) => ({ success: true, data: await payments.checkout(request.user, request.body) }),
  });
  endpoint(app, 'myPurchases', {
    handler: async (request) => ({ success: true, data: await purchases.purchases(request.user.id, request.query.page) }),
  });
  endpoint(app, 'myPurchase', {
    handler: async (request) => {
      const purchase = await purchases.purchase(request.user.id, request.params.purchaseId);
      // Back from Stripe before its webhook: ask Stripe now, through the same fulfilment.
      if (purchase.status === 'pending' && purchase.provider === 'stripe' && stripeEvents && purchase.reference) {
        try {
          await stripeEvents.reconcileCheckout(purchase.reference);
          return { success: true, data: await purchases.purchase(request.user.id, request.params.purchaseId) };
        } catch (error) {
          request.log.warn(
            { err: error, purchaseId: purchase.id },
            'could not ask Stripe about a returning checkout; the webhook will settle it',
          );
        }
      }
      return { success: true, data: purchase };
    },
  });
  endpoint(app, 'testCheckoutComplete', {
    summary: 'Built-in test checkout only: pay (no money moves)',
    handler: async (request) => ({
      success: true,
      // Answered as the receipt (myPurchase): a membership's names its tier and series.
      data: await purchases.purchase(
        request.user.id,
        (await payments.completeTestCheckout(request.user.id, request.params.purchaseId)).id,
      ),
      message: await say(request, 'apiErrors.success.paymentReceived'),
    }),
  });
  endpoint(app, 'testCheckoutCancel', {
    summary: 'Built-in test checkout only: abandon the purchase',
    handler: async (request) => ({
      success: true,
      data: await purchases.purchase(
        request.user.id,
        (await payments.cancelTestCheckout(request.user.id, request.params.purchaseId)).id,
      ),
      message: await say(request, 'apiErrors.success.purchaseCancelled'),
    }),
  });

  endpoint(app, 'cancelSubscription', {
    handler: async (request) => ({
      success: true,
      data: await subscriptions.toAnswer(await payments.cancelSubscription(request.user.id)),
      message: await say(request, 'apiErrors.success.planEnding'),
    }),
  });

  endpoint(app, 'cancelMembership', {
    handler: async (request) => {
      const cancelled = await payments.cancelMembership(request.user.id, request.params.membershipId);
      return {
        success: true,
        data: await subscriptions.membership(cancelled.id),
        message: await say(request, 'apiErrors.success.membershipEnding'),
      };
    },
  });

  endpoint(app, 'adminCoinPackages', { handler: async () => ({ success: true, data: await purchases.adminCoinPackages() }) });
  endpoint(app, 'adminCoinPackageCreate', {
    handler: async (request) => ({
      success: true,
      data: await purchases.createCoinPackage(request.body),
      message: await say(request, 'apiErrors.success.coinPackageCreated'),
    }),
  });
  endpoint(app, 'adminCoinPackageUpdate', {
    handler: async (request) => ({
      success: true,
      data: await purchases.updateCoinPackage(request.params.id, request.body),
      message: await say(request, 'apiErrors.success.coinPackageSaved'),
    }),
  });
  endpoint(app, 'adminPurchases', {
    handler: async (request) => ({ success: true, data: await purchases.adminPurchases(request.query) }),
  });
  endpoint(app, 'adminPurchase', {
    handler: async (request) => ({ success: true, data: await purchases.adminPurchase(request.params.id) }),
  });
  endpoint(app, 'adminPurchaseRefund', {
    handler: async (request) => {
      // Twenty clicks on Refund are one refund, and one entry in the audit log.
      const { changed } = await payments.refund(request.params.id, { viaProvider: true, audit: auditOf(request) });
      return {
        success: true,
        data: await purchases.adminPurchase(request.params.id),
        message: await say(request, changed ? 'apiErrors.success.purchaseRefunded' : 'apiErrors.success.purchaseRefundedAlready'),
      };
    },
  });
}
