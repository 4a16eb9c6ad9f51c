import type { FastifyBaseLogger as Logger } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '../../../../db/client';
import { AppError } from '../../../../lib/app-error';
import type { Clock } from '../../../../lib/clock';
import type { Jobs } from '../../../platform/jobs';
import { forgetPaymentEvent, markPaymentEventProcessed, recordPaymentEvent } from '../payment-events.repository';

/** The events this site acts on; every other event is recorded and marked processed at once. */
const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'invoice.paid',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
  // A payee's connected account changed (issue 38 §2: onboarding finished, transfers enabled or not).
  'account.updated',
]);

/**
 * The request's half: checks the signature over the raw body, takes the event in once by its id
 * (payment_events) and queues a job, so Stripe gets its 2xx at once.
 */
export async function acceptStripeEvent(
  deps: { db: Database; clock: Clock; logger: Logger; stripe: Stripe; webhookSecret: string; jobs: Pick<Jobs, 'send'> },
  rawBody: Buffer | undefined,
  signature: string | string[] | undefined,
): Promise<{ duplicate: boolean }> {
  const { db, clock, logger, stripe, webhookSecret, jobs } = deps;
  if (typeof signature !== 'string' || signature.trim() === '') {
    throw new AppError('validation_failed', 'apiErrors.money.stripeSignatureMissing', {
      fields: { 'stripe-signature': 'apiErrors.request.required' },
    });
  }
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody ?? Buffer.alloc(0), signature, webhookSecret);
  } catch {
    // Forged, altered, signed with another secret, or older than Stripe's five-minute tolerance.
    throw new AppError('invalid_signature', 'apiErrors.money.stripeSignatureMismatch');
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
    throw new AppError('service_unavailable', 'apiErrors.money.stripeEventLater');
  }
  return { duplicate: false };
}
