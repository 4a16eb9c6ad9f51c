import { testCheckoutPagePath } from '@inkwell/contract';
import type { PaymentProvider } from './provider';

/**
 * The built-in test checkout (the default while Stripe is not configured): its page,
 * /buy/checkout/{purchaseId}, is clearly marked as a test and completes or cancels the purchase
 * through the same fulfilment code as Stripe's webhooks. No money moves, so refunds and
 * cancellations have nothing to tell anyone.
 */
export function createTestProvider(): PaymentProvider {
  return {
    name: 'test',
    async createCheckout({ purchase }) {
      return { sessionId: `test_${purchase.id}`, url: testCheckoutPagePath(purchase.id) };
    },
    async refund() {},
    async cancelSubscription() {},
  };
}
