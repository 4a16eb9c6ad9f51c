import type Stripe from 'stripe';
import type { Database } from '../../../../db/client';
import type { Clock } from '../../../../lib/clock';
import { findSubscriptionByProviderId, type Subscriptions } from '../../subscriptions';
import type { Payments } from '../payments.service';
import {
  fromUnix,
  invoicePaymentId,
  invoicePeriod,
  invoiceSubscriptionId,
  subscriptionPeriod,
} from '../providers/stripe-objects';

/** Stripe's statuses after which a subscription gives nothing more: ours ends. */
const ENDED_STATUSES = new Set<Stripe.Subscription.Status>(['canceled', 'unpaid', 'incomplete_expired']);

/** Our subscription follows Stripe's: cancelling at the period's end (or not), or ended. An ended one stays ended. */
export async function applySubscriptionState(
  { db, clock, subscriptions }: { db: Database; clock: Clock; subscriptions: Subscriptions },
  subscription: Stripe.Subscription,
): Promise<void> {
  const row = await findSubscriptionByProviderId(db, subscription.id);
  // Unknown yet: the checkout's fulfilment reads this same state when it runs.
  if (!row || row.status !== 'active') return;
  if (ENDED_STATUSES.has(subscription.status)) {
    const endedAt = subscription.ended_at ?? subscription.canceled_at;
    await subscriptions.end(row.id, endedAt ? fromUnix(endedAt) : clock.now());
    return;
  }
  const cancelAtPeriodEnd = subscription.cancel_at_period_end || subscription.cancel_at !== null;
  if (row.cancelAtPeriodEnd !== cancelAtPeriodEnd) await subscriptions.setCancelAtPeriodEnd(row.id, cancelAtPeriodEnd);
}

/** `customer.subscription.updated` and `.deleted`: ours follows Stripe's as it is now. */
export async function syncStripeSubscription(
  deps: { db: Database; clock: Clock; stripe: Stripe; subscriptions: Subscriptions },
  stripeSubscriptionId: string,
): Promise<void> {
  await applySubscriptionState(deps, await deps.stripe.subscriptions.retrieve(stripeSubscriptionId));
}

/** `invoice.paid` for a renewal: the subscription's next period, paid. */
export async function applyPaidInvoice(
  { db, stripe, payments }: { db: Database; stripe: Stripe; payments: Payments },
  invoiceId: string,
): Promise<void> {
  const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
  // The first invoice is the checkout's, which fulfilment covers (period and coins included).
  if (invoice.status !== 'paid' || invoice.billing_reason === 'subscription_create') return;
  const stripeSubscriptionId = invoiceSubscriptionId(invoice);
  if (!stripeSubscriptionId) return;
  const row = await findSubscriptionByProviderId(db, stripeSubscriptionId);
  if (!row) {
    const stripeSubscription = await stripe.subscriptions.retrieve(stripeSubscriptionId);
    if (!stripeSubscription.metadata?.purchaseId) return; // not sold here
    // Stripe does not promise order: the checkout's fulfilment has not run yet. The job's retry comes back later.
    throw new Error(`Stripe subscription ${stripeSubscriptionId} is not fulfilled here yet`);
  }
  // Ended here (replaced by a newer one, or refunded) yet still charging at Stripe: it stops now.
  if (row.status !== 'active') {
    const atStripe = await stripe.subscriptions.retrieve(stripeSubscriptionId);
    if (!ENDED_STATUSES.has(atStripe.status)) await stripe.subscriptions.cancel(stripeSubscriptionId);
    return;
  }
  const period = invoicePeriod(invoice) ?? subscriptionPeriod(await stripe.subscriptions.retrieve(stripeSubscriptionId));
  if (!period) return;
  await payments.renew(row.id, {
    ...period,
    reference: invoice.id,
    providerPaymentId: invoicePaymentId(invoice),
    // Stripe Tax's part of the renewal (issue 38 §3), on top of the price; none without STRIPE_TAX.
    taxCents: (invoice.total_taxes ?? []).reduce((sum, tax) => sum + tax.amount, 0),
  });
}
