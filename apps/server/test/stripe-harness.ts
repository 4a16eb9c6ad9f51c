import { ROUTES, STRIPE_WEBHOOK_PATH, fillPath, type EndpointName } from '@inkwell/contract';
import { sql } from 'drizzle-orm';
import { seedDemoStore } from '../src/demo/seed-store';
import { buildUser } from './factories';
import { startFakeStripe, type FakeStripe } from './fake-stripe';
import { createTestApp, loginAs, TEST_ORIGIN, type TestContext } from './helpers';

export type SignedEvent = ReturnType<FakeStripe['event']>;

/**
 * The app with Stripe turned on against a fake Stripe, the demo store, an admin, and the calls the
 * Stripe tests make; `env` adds to the environment (STRIPE_TAX=1).
 */
export async function createStripeHarness(env: Record<string, string> = {}) {
  const fake = await startFakeStripe();
  const t: TestContext = await createTestApp({ env: { ...fake.env, ...env } });
  await seedDemoStore(t.db);
  const admin = await loginAs(t.app, await buildUser(t.db, { role: 'admin' }));

  async function call(name: EndpointName, options: { cookie?: string; params?: Record<string, string>; body?: unknown } = {}) {
    const route = ROUTES[name];
    const response = await t.app.inject({
      method: route.method,
      url: fillPath(route.path, options.params),
      headers: { origin: TEST_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  }

  async function reader() {
    const user = await buildUser(t.db);
    return { user, cookie: await loginAs(t.app, user) };
  }

  /** Starts a checkout the way the store page does; returns the purchase and the Stripe session behind it. */
  async function checkout(
    cookie: string,
    body: { kind: 'coins'; packageId: string } | { kind: 'plan'; planId: string } | { kind: 'tier'; tierId: string },
  ) {
    const started = await call('checkout', { cookie, body });
    if (started.status !== 201) throw new Error(`checkout failed: ${JSON.stringify(started.body)}`);
    const [row] = rowsOf<{ provider_session_id: string }>(
      await t.db.execute(sql`select provider_session_id from purchases where id = ${started.body.data.purchaseId}`),
    );
    return {
      purchaseId: started.body.data.purchaseId as string,
      url: started.body.data.checkoutUrl as string,
      sessionId: row!.provider_session_id,
    };
  }

  /** POSTs a signed event as Stripe does (raw JSON, Stripe-Signature), then (unless told not to) waits for the queued job. */
  async function deliver(event: SignedEvent, options: { signature?: string | null; payload?: string; drain?: boolean } = {}) {
    const signature = options.signature === undefined ? event.signature : options.signature;
    const response = await t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature !== null ? { 'stripe-signature': signature } : {}),
      },
      payload: options.payload ?? event.payload,
    });
    if (options.drain !== false) await t.app.services.jobs.drain();
    return { status: response.statusCode, body: response.json() };
  }

  /** Everything a payment can change for a reader: balance, ledger, purchases, subscriptions (times in epoch seconds) and events taken in. */
  async function snapshot(userId: string) {
    const [user] = rowsOf(await t.db.execute(sql`select coins from users where id = ${userId}`));
    const ledger = rowsOf(
      await t.db.execute(
        sql`select delta, kind, balance_after, purchase_id from coin_ledger where user_id = ${userId} order by created_at, id`,
      ),
    );
    const purchases = rowsOf(
      await t.db.execute(
        sql`select id, status, coins_reversed, provider_payment_id, subscription_id, item_name from purchases where user_id = ${userId} order by created_at, id`,
      ),
    );
    const subscriptions = rowsOf(
      await t.db.execute(
        sql`select id, status, cancel_at_period_end,
          extract(epoch from current_period_start)::float8 as period_start,
          extract(epoch from current_period_end)::float8 as period_end,
          extract(epoch from ended_at)::float8 as ended_at
          from subscriptions where user_id = ${userId} order by started_at, id`,
      ),
    );
    const [events] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from payment_events`));
    return { user, ledger, purchases, subscriptions, events: events!.n };
  }

  async function close() {
    await t.close();
    await fake.close();
  }

  return { t, fake, admin, call, reader, checkout, deliver, snapshot, close };
}
export type StripeHarness = Awaited<ReturnType<typeof createStripeHarness>>;

/** Rows of a raw query: both drivers (PGlite, node-postgres) answer `{ rows }`. */
function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The same items in another order (Fisher–Yates with a seed, so a failure can be replayed). */
export function shuffled<T>(items: readonly T[], seed = 7): T[] {
  const result = [...items];
  let state = seed;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}
