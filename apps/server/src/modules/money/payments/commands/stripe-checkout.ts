import type { FastifyBaseLogger as Logger } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '../../../../db/client';
import type { Clock } from '../../../../lib/clock';
import type { Subscriptions } from '../../subscriptions';
import { findPurchase, findPurchaseBySession, type PurchaseRow } from '../payments.repository';
import type { Payments } from '../payments.service';
import { expanded, idOf, invoicePaymentId, subscriptionPeriod } from '../providers/stripe-objects';
import { applySubscriptionState } from './stripe-subscription';

const PAID_SUBSCRIPTION_STATUSES = new Set<Stripe.Subscription.Status>(['active', 'trialing']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function purchaseOfSession(db: Database, session: Stripe.Checkout.Session): Promise<PurchaseRow | undefined> {
  const id = session.metadata?.purchaseId ?? session.client_reference_id;
  const purchase =
    (id && UUID.test(id) ? await findPurchase(db, id) : undefined) ?? (await findPurchaseBySession(db, session.id));
  if (!purchase || purchase.provider !== 'stripe') return undefined;
  // The purchase's own session only: another session's metadata cannot pay for it.
  if (purchase.providerSessionId && purchase.providerSessionId !== session.id) return undefined;
  return purchase;
}

/** What Stripe charged is what the purchase copied at checkout: the same kind, currency and amount. */
function chargedAsSold(session: Stripe.Checkout.Session, purchase: PurchaseRow): boolean {
  return (
    session.mode === (purchase.kind === 'coins' ? 'payment' : 'subscription') &&
    session.currency === purchase.currency &&
    session.amount_subtotal === purchase.amountCents
  );
}

/**
 * A checkout session as Stripe has it now: when it is complete, paid, and charged as its purchase
 * was sold, the purchase is fulfilled (once, whoever comes first: the webhook's job or the return page).
 */
export async function completeStripeCheckout(
  deps: { db: Database; clock: Clock; logger: Logger; stripe: Stripe; payments: Payments; subscriptions: Subscriptions },
  sessionId: string,
): Promise<void> {
  const { db, logger, stripe, payments } = deps;
  const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription', 'invoice.payments'] });
  const purchase = await purchaseOfSession(db, session);
  if (!purchase) {
    logger.warn({ sessionId }, 'a Stripe checkout that is no purchase of ours');
    return;
  }
  const subscription = expanded(session.subscription);
  const isPaid =
    session.payment_status === 'paid' || (subscription !== undefined && PAID_SUBSCRIPTION_STATUSES.has(subscription.status));
  if (session.status !== 'complete' || !isPaid) {
    logger.info(
      { sessionId, purchaseId: purchase.id, paymentStatus: session.payment_status },
      'a Stripe checkout not paid (yet)',
    );
    return;
  }
  if (!chargedAsSold(session, purchase)) {
    logger.error({ sessionId, purchaseId: purchase.id }, 'a Stripe checkout charged other than its purchase; not fulfilled');
    return;
  }
  const period = subscription ? subscriptionPeriod(subscription) : undefined;
  await payments.fulfil(purchase.id, {
    providerPaymentId: idOf(session.payment_intent) ?? invoicePaymentId(expanded(session.invoice)),
    providerSubscriptionId: subscription?.id ?? null,
    ...(period ? { periodStart: period.start, periodEnd: period.end } : {}),
    // Stripe Tax's part of the total, on top of the price (issue 38 §3); none without STRIPE_TAX.
    taxCents: session.total_details?.amount_tax ?? 0,
  });
  // A cancellation (or an end) that reached Stripe before this job ran is kept, whatever the order of the events.
  if (subscription) await applySubscriptionState(deps, subscription);
}
