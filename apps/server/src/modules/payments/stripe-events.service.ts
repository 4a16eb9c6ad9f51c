import type { FastifyBaseLogger as Logger } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { JobData, Jobs } from '../jobs';
import { forgetPaymentEvent, markPaymentEventProcessed, recordPaymentEvent } from './payment-events.repository';
import type { Payments } from './payments.service';
import {
  expanded,
  fromUnix,
  idOf,
  invoicePaymentId,
  invoicePeriod,
  invoiceSubscriptionId,
  isMissing,
  subscriptionPeriod,
} from './providers/stripe-objects';
import { findSubscriptionByProviderId, type Subscriptions } from '../subscriptions';
import { findPurchase, findPurchaseByPayment, findPurchaseBySession, type PurchaseRow } from './payments.repository';

/** The events this site acts on; every other event is recorded and marked processed at once. */
const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'invoice.paid',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
]);

/** Stripe's statuses after which a subscription gives nothing more: ours ends. */
const ENDED_STATUSES = new Set<Stripe.Subscription.Status>(['canceled', 'unpaid', 'incomplete_expired']);
const PAID_SUBSCRIPTION_STATUSES = new Set<Stripe.Subscription.Status>(['active', 'trialing']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Stripe's webhooks (DESIGN §5 Payments, decision 0010), in two halves. `accept` runs in the
 * request: it checks the signature over the raw body, takes the event in once by its id
 * (payment_events) and queues a job, so Stripe gets its 2xx at once. `process` is that job: it
 * re-reads the object from Stripe rather than trusting the event's copy, and hands what it finds to
 * the payments service, whose conditional updates make a second run (or a replayed, reordered or
 * stale event) change nothing.
 */
export function createStripeEvents(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  stripe: Stripe;
  webhookSecret: string;
  payments: Payments;
  subscriptions: Subscriptions;
  jobs: Pick<Jobs, 'send'>;
}) {
  const { db, clock, logger, stripe, webhookSecret, payments, subscriptions, jobs } = deps;

  async function accept(rawBody: Buffer | undefined, signature: string | string[] | undefined): Promise<{ duplicate: boolean }> {
    if (typeof signature !== 'string' || signature.trim() === '') {
      throw new AppError('validation_failed', 'The Stripe-Signature header is missing', {
        fields: { 'stripe-signature': 'Required' },
      });
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody ?? Buffer.alloc(0), signature, webhookSecret);
    } catch {
      // Forged, altered, signed with another secret, or older than Stripe's five-minute tolerance.
      throw new AppError('invalid_signature', 'The Stripe signature does not match this request');
    }
    const isNew = await recordPaymentEvent(db, { id: event.id, provider: 'stripe', type: event.type, receivedAt: clock.now() });
    if (!isNew) return { duplicate: true };
    const objectId = (event.data.object as { id?: unknown }).id;
    if (!HANDLED_EVENTS.has(event.type) || typeof objectId !== 'string') {
      await markPaymentEventProcessed(db, event.id, clock.now());
      return { duplicate: false };
    }
    try {
      await jobs.send('store.stripe-event', { eventId: event.id, type: event.type, objectId }, { singletonKey: event.id });
    } catch (error) {
      // Not queued: give the id back and answer 5xx, so Stripe's redelivery is taken in afresh.
      await forgetPaymentEvent(db, event.id);
      logger.error({ err: error, eventId: event.id, type: event.type }, 'could not queue a Stripe event');
      throw new AppError('service_unavailable', 'The event could not be taken in now; Stripe will send it again');
    }
    return { duplicate: false };
  }

  /** The job: safe to run twice, and a no-op when what the event names is gone (at Stripe or here). */
  async function process({ eventId, type, objectId }: JobData['store.stripe-event']): Promise<void> {
    try {
      if (type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded')
        await completeCheckout(objectId);
      else if (type === 'invoice.paid') await applyPaidInvoice(objectId);
      else if (type === 'customer.subscription.updated' || type === 'customer.subscription.deleted')
        await syncSubscription(objectId);
      else if (type === 'charge.refunded') await applyRefundedCharge(objectId);
    } catch (error) {
      if (!isMissing(error)) throw error;
      logger.info({ eventId, type }, 'the Stripe object of an event is gone; nothing to do');
    }
    await markPaymentEventProcessed(db, eventId, clock.now());
  }

  async function purchaseOfSession(session: Stripe.Checkout.Session): Promise<PurchaseRow | undefined> {
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

  async function completeCheckout(sessionId: string): Promise<void> {
    const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription', 'invoice.payments'] });
    const purchase = await purchaseOfSession(session);
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
    });
    // A cancellation (or an end) that reached Stripe before this job ran is kept, whatever the order of the events.
    if (subscription) await applySubscriptionState(subscription);
  }

  async function applyPaidInvoice(invoiceId: string): Promise<void> {
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
    const period = invoicePeriod(invoice) ?? subscriptionPeriod(await stripe.subscriptions.retrieve(stripeSubscriptionId));
    if (!period) return;
    await payments.renew(row.id, { ...period, reference: invoice.id, providerPaymentId: invoicePaymentId(invoice) });
  }

  async function syncSubscription(stripeSubscriptionId: string): Promise<void> {
    await applySubscriptionState(await stripe.subscriptions.retrieve(stripeSubscriptionId));
  }

  /** Our subscription follows Stripe's: cancelling at the period's end (or not), or ended. An ended one stays ended. */
  async function applySubscriptionState(subscription: Stripe.Subscription): Promise<void> {
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

  async function applyRefundedCharge(chargeId: string): Promise<void> {
    const charge = await stripe.charges.retrieve(chargeId);
    if (!charge.refunded) {
      logger.info({ chargeId }, 'a partial Stripe refund: the purchase is left as it is');
      return;
    }
    const paymentIntent = idOf(charge.payment_intent);
    const purchase =
      (paymentIntent ? await findPurchaseByPayment(db, paymentIntent) : undefined) ??
      (await findPurchaseByPayment(db, charge.id));
    // Pending: nothing was credited. Refunded: done before (an admin's refund lands here too).
    if (!purchase || purchase.provider !== 'stripe' || purchase.status !== 'paid') return;
    await payments.refund(purchase.id, { viaProvider: false });
  }

  /**
   * The return page's half of "the return page and the webhook converge": when a reader comes back
   * from Stripe before the webhook's job has run, their purchase is settled by the same re-read.
   */
  async function reconcileCheckout(sessionId: string): Promise<void> {
    await completeCheckout(sessionId);
  }

  return { accept, process, reconcileCheckout };
}
export type StripeEvents = ReturnType<typeof createStripeEvents>;
