import { STRIPE_WEBHOOK_PATH } from '@inkwell/contract';
import type { FastifyInstance } from 'fastify';
import type { StripeEvents } from './stripe-events.service';

/** Stripe's events are a few kilobytes; a megabyte leaves room without inviting large bodies before the signature check. */
const STRIPE_WEBHOOK_MAX_BYTES = 1024 * 1024;

/**
 * POST /api/webhooks/stripe (DESIGN §4 Money). Not an endpoint of the contract's table: its body is
 * the exact bytes Stripe signed, so this plugin (and only it, being encapsulated) replaces the JSON
 * parser with one that keeps them raw. The origin check skips /api/webhooks/: the signature is the check.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, { stripeEvents }: { stripeEvents: StripeEvents }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: STRIPE_WEBHOOK_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    STRIPE_WEBHOOK_PATH,
    { schema: { summary: 'Stripe events: the raw body, checked by its Stripe-Signature', tags: ['webhooks'] } },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : undefined;
      const { duplicate } = await stripeEvents.accept(body, request.headers['stripe-signature']);
      return { success: true, data: { received: true, duplicate } };
    },
  );
}
