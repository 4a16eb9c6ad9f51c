import type { FastifyInstance } from 'fastify';

type Json = Record<string, unknown>;

/** What the fake's own routes share with these: its objects, ids and "no such object". */
export interface FakeStripeStore {
  put(value: Json): Json;
  get(id: string): Json | undefined;
  newId(prefix: string): string;
  missing(id: string): Json;
}

/**
 * Stripe Connect on the fake (issue 38 §2): Express accounts (pending until a test says Stripe
 * enabled them, with `fake.update(id, { payouts_enabled: true, capabilities: { transfers: 'active' } })`),
 * Account Links, and transfers that keep Stripe's idempotency: the same Idempotency-Key answers the
 * first transfer again, so the fake holds one transfer per key however often it is asked.
 */
export function registerFakeStripeConnect(app: FastifyInstance, store: FakeStripeStore) {
  const { put, get, newId, missing } = store;
  const byKey = new Map<string, Json>();
  type Req = { params: { id: string }; body: Json; headers: Record<string, string | string[] | undefined> };

  app.post('/v1/accounts', async (request) => {
    const body = (request as Req).body;
    return put({
      id: newId('acct'),
      object: 'account',
      type: body.type,
      email: body.email ?? null,
      country: 'US',
      default_currency: body.default_currency ?? 'usd',
      metadata: body.metadata ?? {},
      payouts_enabled: false,
      charges_enabled: false,
      details_submitted: false,
      capabilities: { transfers: 'inactive' },
    });
  });
  app.get('/v1/accounts/:id', async (request, reply) => {
    const { id } = (request as Req).params;
    return get(id) ?? (reply.status(404), missing(id));
  });
  app.post('/v1/account_links', async (request, reply) => {
    const body = (request as Req).body;
    const account = get(String(body.account));
    if (!account) return (reply.status(404), missing(String(body.account)));
    return {
      object: 'account_link',
      created: Math.floor(Date.now() / 1000),
      expires_at: Math.floor(Date.now() / 1000) + 300,
      url: `https://connect.stripe.test/setup/e/${account.id as string}`,
      return_url: body.return_url,
      refresh_url: body.refresh_url,
    };
  });
  app.post('/v1/transfers', async (request, reply) => {
    const { body, headers } = request as Req;
    const key = headers['idempotency-key'];
    if (typeof key === 'string' && byKey.has(key)) return byKey.get(key);
    const destination = get(String(body.destination));
    if (!destination) return (reply.status(404), missing(String(body.destination)));
    const transfer = put({
      id: newId('tr'),
      object: 'transfer',
      amount: Number(body.amount),
      currency: body.currency,
      destination: destination.id,
      metadata: body.metadata ?? {},
      reversed: false,
    });
    if (typeof key === 'string') byKey.set(key, transfer);
    return transfer;
  });
}
