import type { FastifyBaseLogger as Logger } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import type { JobData, Jobs } from '../../platform/jobs';
import type { Subscriptions } from '../subscriptions';
import { acceptStripeEvent } from './commands/accept-stripe-event';
import { completeStripeCheckout } from './commands/stripe-checkout';
import { applyRefundedCharge } from './commands/stripe-refund';
import { applyPaidInvoice, syncStripeSubscription } from './commands/stripe-subscription';
import { markPaymentEventProcessed } from './payment-events.repository';
import type { Payments } from './payments.service';
import { isMissing } from './providers/stripe-objects';

interface StripeEventsDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  stripe: Stripe;
  webhookSecret: string;
  payments: Payments;
  subscriptions: Subscriptions;
  jobs: Pick<Jobs, 'send'>;
  /** Issue 38 §2: a connected account's `account.updated` goes to payouts, which re-reads it from Stripe. */
  payoutAccounts?: { syncStripeAccount(accountId: string): Promise<void> };
}

/** The job: safe to run twice, and a no-op when what the event names is gone (at Stripe or here). */
async function processStripeEvent(deps: StripeEventsDeps, { eventId, type, objectId }: JobData['store.stripe-event']) {
  try {
    if (type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded')
      await completeStripeCheckout(deps, objectId);
    else if (type === 'invoice.paid') await applyPaidInvoice(deps, objectId);
    else if (type === 'customer.subscription.updated' || type === 'customer.subscription.deleted')
      await syncStripeSubscription(deps, objectId);
    else if (type === 'charge.refunded') await applyRefundedCharge(deps, objectId);
    else if (type === 'account.updated') await deps.payoutAccounts?.syncStripeAccount(objectId);
  } catch (error) {
    if (!isMissing(error)) throw error;
    deps.logger.info({ eventId, type }, 'the Stripe object of an event is gone; nothing to do');
  }
  await markPaymentEventProcessed(deps.db, eventId, deps.clock.now());
}

/**
 * Stripe's webhooks (DESIGN §5 Payments, decision 0010), in two halves. `accept` runs in the
 * request: it checks the signature over the raw body, takes the event in once by its id
 * (payment_events) and queues a job, so Stripe gets its 2xx at once. `process` is that job: it
 * re-reads the object from Stripe rather than trusting the event's copy, and hands what it finds to
 * the payments service, whose conditional updates make a second run (or a replayed, reordered or
 * stale event) change nothing. The work is in commands/; this binds their dependencies once.
 */
export function createStripeEvents(deps: StripeEventsDeps) {
  return {
    accept: (rawBody: Buffer | undefined, signature: string | string[] | undefined) =>
      acceptStripeEvent(deps, rawBody, signature),
    process: (data: JobData['store.stripe-event']): Promise<void> => processStripeEvent(deps, data),
    /**
     * The return page's half of "the return page and the webhook converge": when a reader comes back
     * from Stripe before the webhook's job has run, their purchase is settled by the same re-read.
     */
    reconcileCheckout: (sessionId: string): Promise<void> => completeStripeCheckout(deps, sessionId),
  };
}
export type StripeEvents = ReturnType<typeof createStripeEvents>;
