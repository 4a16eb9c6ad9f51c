import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import Stripe from 'stripe';
import { registerFakeStripeConnect } from './fake-stripe-connect';

type Json = Record<string, unknown>;
const DAY = 86_400;

/** Stripe's form encoding (`line_items[0][price_data][currency]=usd`) back into objects and arrays. */
function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  return arraysOf(root) as Json;
}

function arraysOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, item]) => [key, arraysOf(item)] as const);
  const isArray = entries.length > 0 && entries.every(([key], index) => key === String(index));
  return isArray ? entries.map(([, item]) => item) : Object.fromEntries(entries);
}

const list = (data: Json[]) => ({ object: 'list', data, has_more: false, url: '/v1/list' });
const clone = <T>(value: T): T => structuredClone(value);

export interface FakeStripe {
  /** The variables that turn Stripe on in the app, pointed at this fake. */
  env: Record<string, string>;
  webhookSecret: string;
  /** Every call the SDK made, with its decoded body. */
  requests: { method: string; path: string; body: Json; idempotencyKey?: string }[];
  /** A stored object (session, subscription, invoice, charge, refund), as Stripe would answer it. */
  object<T = Json>(id: string): T;
  update(id: string, patch: Json): void;
  /** The next call to this path is refused (400, as Stripe refuses bad requests; the SDK does not retry those). */
  refuseNext(path: string): void;
  /** The buyer pays on Stripe's page: the session completes; a subscription starts with its first invoice paid. */
  pay(sessionId: string): {
    paymentIntent: string | null;
    charge: string | null;
    subscription: string | null;
    invoice: string | null;
  };
  /** A subscription's next period is billed and paid: a `subscription_cycle` invoice, the items' period moved on. */
  renew(subscriptionId: string): { invoice: string; paymentIntent: string; start: number; end: number };
  /** A signed event about an object: its current state, or the body given (an event may say anything). */
  event(
    type: string,
    objectId: string,
    options?: { body?: Json; id?: string },
  ): { id: string; payload: string; signature: string };
  close(): Promise<void>;
}

/** A small Stripe on loopback that answers what the provider and the webhook job call, with state the test controls. */
export async function startFakeStripe(): Promise<FakeStripe> {
  const webhookSecret = 'whsec_fake_inkwell_test_secret';
  const objects = new Map<string, Json>();
  const requests: FakeStripe['requests'] = [];
  const refusals = new Set<string>();
  let sequence = 0;
  const newId = (prefix: string) => `${prefix}_fake${(sequence += 1).toString().padStart(6, '0')}`;
  const now = () => Math.floor(Date.now() / 1000);
  const put = (value: Json) => (objects.set(value.id as string, value), value);
  const get = (id: string) => objects.get(id);

  /** `expand[]` paths, resolved the way Stripe does: an id in the path becomes the stored object (lists: each item). */
  function expand(value: Json, paths: string[]): Json {
    const result = clone(value);
    for (const path of paths) {
      let nodes: Json[] = [result];
      for (const key of path.split('.')) {
        const next: Json[] = [];
        for (const node of nodes) {
          const field = node[key];
          if (typeof field === 'string' && objects.has(field)) node[key] = clone(objects.get(field)!);
          const resolved = node[key] as Json | null | undefined;
          if (resolved && Array.isArray(resolved.data)) next.push(...(resolved.data as Json[]));
          else if (resolved && typeof resolved === 'object') next.push(resolved);
        }
        nodes = next;
      }
    }
    return result;
  }

  function paidWith(amount: number, currency: string) {
    const paymentIntent = newId('pi');
    const charge = newId('ch');
    put({
      id: charge,
      object: 'charge',
      amount,
      amount_refunded: 0,
      refunded: false,
      currency,
      payment_intent: paymentIntent,
      status: 'succeeded',
    });
    put({ id: paymentIntent, object: 'payment_intent', amount, currency, status: 'succeeded', latest_charge: charge });
    return { paymentIntent, charge };
  }

  function invoiceFor(subscription: Json, reason: string, start: number, end: number) {
    const amount = subscription.plan_amount as number;
    const { paymentIntent } = paidWith(amount, subscription.currency as string);
    const invoice = put({
      id: newId('in'),
      object: 'invoice',
      status: 'paid',
      billing_reason: reason,
      currency: subscription.currency,
      amount_paid: amount,
      // Stripe Tax's part of the invoice (none unless the checkout asked for automatic tax).
      total_taxes: subscription.plan_tax ? [{ amount: subscription.plan_tax, tax_behavior: 'exclusive' }] : [],
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: list([
        { id: newId('il'), object: 'line_item', period: { start, end }, parent: { type: 'subscription_item_details' } },
      ]),
      payments: list([
        {
          id: newId('inpay'),
          object: 'invoice_payment',
          status: 'paid',
          payment: { type: 'payment_intent', payment_intent: paymentIntent },
        },
      ]),
    });
    return { invoice: invoice.id as string, paymentIntent };
  }

  const app = Fastify({ logger: false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addHook('preHandler', async (request, reply) => {
    const body = typeof request.body === 'string' ? parseStripeForm(request.body) : {};
    const path = request.url.split('?')[0]!;
    const key = request.headers['idempotency-key'];
    requests.push({ method: request.method, path, body, ...(typeof key === 'string' ? { idempotencyKey: key } : {}) });
    request.body = body;
    if (refusals.delete(path)) {
      return reply.status(400).send({ error: { type: 'invalid_request_error', message: 'Refused by the test' } });
    }
  });
  const missing = (id: string) => ({
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'`, param: 'id' },
  });
  const answer = (id: string, query: string, reply: { status(code: number): unknown }) => {
    const found = get(id);
    if (!found) return (reply.status(404), missing(id));
    const paths = (parseStripeForm(query).expand as string[] | undefined) ?? [];
    return expand(found, paths);
  };
  const queryOf = (url: string) => url.split('?')[1] ?? '';
  type Req = { params: { id: string }; url: string; body: Json };

  app.post('/v1/checkout/sessions', async (request) => {
    const body = request.body as Json;
    const [item] = body.line_items as Json[];
    const price = item!.price_data as Json;
    const amount = Number(price.unit_amount) * Number(item!.quantity ?? 1);
    // Stripe Tax as the fake computes it: 10 % on top of a price sold tax-exclusive, rounded to the minor unit.
    const automaticTax = (body.automatic_tax as Json | undefined)?.enabled === 'true';
    const tax = automaticTax ? Math.round(amount / 10) : 0;
    const id = newId('cs_test');
    return put({
      id,
      object: 'checkout.session',
      mode: body.mode,
      status: 'open',
      payment_status: 'unpaid',
      url: `https://checkout.stripe.test/c/pay/${id}`,
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      client_reference_id: body.client_reference_id ?? null,
      customer_email: body.customer_email ?? null,
      metadata: body.metadata ?? {},
      currency: price.currency,
      amount_subtotal: amount,
      amount_total: amount + tax,
      automatic_tax: { enabled: automaticTax, status: automaticTax ? 'complete' : null },
      billing_address_collection: body.billing_address_collection ?? null,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: tax },
      payment_intent: null,
      subscription: null,
      invoice: null,
      interval: (price.recurring as Json | undefined)?.interval ?? null,
      subscription_metadata: (body.subscription_data as Json | undefined)?.metadata ?? {},
    });
  });
  app.get('/v1/checkout/sessions/:id', async (request, reply) => answer((request as Req).params.id, queryOf(request.url), reply));
  for (const kind of ['subscriptions', 'invoices', 'charges', 'payment_intents']) {
    app.get(`/v1/${kind}/:id`, async (request, reply) => answer((request as Req).params.id, queryOf(request.url), reply));
  }
  app.post('/v1/subscriptions/:id', async (request, reply) => {
    const { params, body } = request as Req;
    const subscription = get(params.id);
    if (!subscription) return (reply.status(404), missing(params.id));
    if (body.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
    return subscription;
  });
  app.delete('/v1/subscriptions/:id', async (request, reply) => {
    const subscription = get((request as Req).params.id);
    if (!subscription) return (reply.status(404), missing((request as Req).params.id));
    Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
    return subscription;
  });
  app.post('/v1/refunds', async (request, reply) => {
    const body = request.body as Json;
    const charge = [...objects.values()].find(
      (item) =>
        item.object === 'charge' &&
        (item.id === body.charge || (body.payment_intent && item.payment_intent === body.payment_intent)),
    );
    if (!charge) return (reply.status(404), missing(String(body.payment_intent ?? body.charge)));
    if (charge.refunded) {
      reply.status(400);
      return {
        error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' },
      };
    }
    Object.assign(charge, { refunded: true, amount_refunded: charge.amount });
    return put({
      id: newId('re'),
      object: 'refund',
      amount: charge.amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: 'succeeded',
    });
  });
  registerFakeStripeConnect(app, { put, get, newId, missing });
  app.setNotFoundHandler(async (request, reply) => (reply.status(404), missing(request.url)));

  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;

  return {
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake_inkwell',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    },
    webhookSecret,
    requests,
    object: <T = Json>(id: string) => {
      const found = get(id);
      if (!found) throw new Error(`the fake Stripe holds no ${id}`);
      return clone(found) as T;
    },
    update(id, patch) {
      Object.assign(get(id)!, patch);
    },
    refuseNext(path) {
      refusals.add(path);
    },
    pay(sessionId) {
      const session = get(sessionId)!;
      const amount = session.amount_total as number;
      const currency = session.currency as string;
      if (session.mode === 'payment') {
        const { paymentIntent, charge } = paidWith(amount, currency);
        Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntent });
        return { paymentIntent, charge, subscription: null, invoice: null };
      }
      const start = now();
      const end = start + (session.interval === 'year' ? 365 : 30) * DAY;
      const subscription = put({
        id: newId('sub'),
        object: 'subscription',
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        currency,
        plan_amount: amount,
        plan_tax: (session.total_details as Json).amount_tax,
        interval: session.interval,
        metadata: session.subscription_metadata,
        items: list([{ id: newId('si'), object: 'subscription_item', current_period_start: start, current_period_end: end }]),
        latest_invoice: null,
      });
      const { invoice, paymentIntent } = invoiceFor(subscription, 'subscription_create', start, end);
      subscription.latest_invoice = invoice;
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id, invoice });
      return { paymentIntent, charge: null, subscription: subscription.id as string, invoice };
    },
    renew(subscriptionId) {
      const subscription = get(subscriptionId)!;
      const item = (subscription.items as { data: Json[] }).data[0]!;
      const start = item.current_period_end as number;
      const end = start + (subscription.interval === 'year' ? 365 : 30) * DAY;
      Object.assign(item, { current_period_start: start, current_period_end: end });
      const { invoice, paymentIntent } = invoiceFor(subscription, 'subscription_cycle', start, end);
      subscription.latest_invoice = invoice;
      return { invoice, paymentIntent, start, end };
    },
    event(type, objectId, options = {}) {
      const id = options.id ?? newId('evt');
      const object = options.body ?? clone(get(objectId) ?? { id: objectId });
      const payload = JSON.stringify({
        id,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      });
      return { id, payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
    },
    close: () => app.close(),
  };
}
