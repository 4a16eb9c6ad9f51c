import type Stripe from 'stripe';
import type { PaymentProvider } from './provider';
import { expanded, invoicePaymentId, isMissing } from './stripe-objects';

/**
 * Stripe Tax at checkout: computed automatically from a billing address the buyer must give (the
 * law of their place decides); a Stripe customer reused for the session keeps the address given.
 */
function taxParams(params: Stripe.Checkout.SessionCreateParams): Stripe.Checkout.SessionCreateParams {
  return {
    automatic_tax: { enabled: true },
    billing_address_collection: 'required',
    ...(params.customer ? { customer_update: { address: 'auto', name: 'auto' } } : {}),
  };
}

/**
 * Stripe Checkout (DESIGN §5 Payments): a hosted page in `payment` mode for coins and in
 * `subscription` mode for plans, priced inline from the purchase (which copied its package or
 * plan at checkout), so nothing has to be set up in Stripe's dashboard first. What a payment does
 * here is decided by the webhook's job (`stripe-events.service.ts`), never by this provider.
 * With `tax` (STRIPE_TAX=1, issue 38 §3) Stripe Tax adds the tax on top of the price, from the
 * billing address the buyer is asked for.
 */
export function createStripeProvider(stripe: Stripe, { tax = false }: { tax?: boolean } = {}): PaymentProvider {
  /** Refunds the payment behind a plan purchase that kept none: its subscription's latest invoice. */
  async function latestInvoicePayment(subscriptionId: string): Promise<string | null> {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice.payments'] });
    return invoicePaymentId(expanded(subscription.latest_invoice));
  }

  return {
    name: 'stripe',

    async createCheckout({ purchase, buyer, plan, successUrl, cancelUrl }) {
      // Both ways back to the purchase: the metadata, and client_reference_id as Stripe's own field for it.
      const metadata = { ...plan?.metadata, purchaseId: purchase.id };
      const priceData = {
        currency: purchase.currency,
        unit_amount: purchase.amountCents,
        product_data: { name: purchase.itemName },
        ...(tax ? { tax_behavior: 'exclusive' as const } : {}),
      };
      const common = {
        client_reference_id: purchase.id,
        customer_email: buyer.email,
        metadata,
        success_url: successUrl,
        cancel_url: cancelUrl,
      } satisfies Stripe.Checkout.SessionCreateParams;
      const params: Stripe.Checkout.SessionCreateParams = plan
        ? {
            ...common,
            mode: 'subscription',
            line_items: [{ quantity: 1, price_data: { ...priceData, recurring: { interval: plan.interval } } }],
            subscription_data: { metadata },
          }
        : {
            ...common,
            mode: 'payment',
            line_items: [{ quantity: 1, price_data: priceData }],
            payment_intent_data: { metadata },
          };
      if (tax) Object.assign(params, taxParams(params));
      // One session per purchase, however often the call is retried.
      const session = await stripe.checkout.sessions.create(params, { idempotencyKey: `checkout:${purchase.id}` });
      if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
      return { sessionId: session.id, url: session.url };
    },

    async refund(purchase, subscription) {
      const paymentId =
        purchase.providerPaymentId ??
        (purchase.kind !== 'coins' && subscription?.providerSubscriptionId
          ? await latestInvoicePayment(subscription.providerSubscriptionId)
          : null);
      if (!paymentId) throw new Error(`purchase ${purchase.id} has no Stripe payment to refund`);
      // A payment intent (pi_…) normally; a charge (ch_…) when an invoice was paid without one.
      const target = paymentId.startsWith('ch_') ? { charge: paymentId } : { payment_intent: paymentId };
      await stripe.refunds.create(target, { idempotencyKey: `refund:${purchase.id}` });
    },

    async cancelSubscription(subscription, { atPeriodEnd }) {
      const id = subscription.providerSubscriptionId;
      if (!id) return;
      if (atPeriodEnd) {
        await stripe.subscriptions.update(id, { cancel_at_period_end: true });
        return;
      }
      try {
        await stripe.subscriptions.cancel(id);
      } catch (error) {
        // Already gone at Stripe: it is as cancelled as it will get.
        if (!isMissing(error)) throw error;
      }
    },
  };
}
