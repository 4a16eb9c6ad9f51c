import { STRIPE_WEBHOOK_PATH } from '@inkwell/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries } from '../../../../test/factories';
import { createStripeHarness, shuffled, type StripeHarness } from '../../../../test/stripe-harness';
import { loadConfig } from '../../../config';
import { findPaymentEvent } from './payment-events.repository';
import { findPurchase } from './payments.repository';

let h: StripeHarness;
beforeAll(async () => {
  h = await createStripeHarness();
});
afterAll(async () => {
  await h?.close();
});

async function packageAt(index: number) {
  const items = (await h.call('coinPackages')).body.data.items as {
    id: string;
    name: string;
    coins: number;
    bonusCoins: number;
    priceCents: number;
  }[];
  const pkg = items[index]!;
  return { ...pkg, total: pkg.coins + pkg.bonusCoins };
}

/** A reader who has started a coin checkout at Stripe (not paid yet). */
async function coinCheckout(index = 0) {
  const { user, cookie } = await h.reader();
  const pkg = await packageAt(index);
  const started = await h.checkout(cookie, { kind: 'coins', packageId: pkg.id });
  return { user, cookie, pkg, ...started };
}

/** A reader whose coin purchase Stripe has paid and whose checkout.session.completed came in. */
async function paidCoins(index = 0) {
  const bought = await coinCheckout(index);
  const paid = h.fake.pay(bought.sessionId);
  const completed = h.fake.event('checkout.session.completed', bought.sessionId);
  expect((await h.deliver(completed)).status).toBe(200);
  return { ...bought, ...paid, completed };
}

describe('Stripe Checkout', () => {
  it('sends the buyer to Stripe, priced from the purchase, and turns the test checkout off', async () => {
    const { user, cookie, pkg, purchaseId, url, sessionId } = await coinCheckout(1);
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const sent = h.fake.requests.findLast((request) => request.path === '/v1/checkout/sessions')!.body;
    expect(sent).toMatchObject({
      mode: 'payment',
      client_reference_id: purchaseId,
      customer_email: user.email,
      metadata: { purchaseId },
      payment_intent_data: { metadata: { purchaseId } },
      line_items: [
        { quantity: '1', price_data: { currency: 'usd', unit_amount: String(pkg.priceCents), product_data: { name: pkg.name } } },
      ],
    });
    expect(sent.success_url).toBe(`http://localhost:3000/buy/checkout/${purchaseId}?status=success`);
    expect(await findPurchase(h.t.db, purchaseId)).toMatchObject({
      provider: 'stripe',
      status: 'pending',
      providerSessionId: sessionId,
    });

    expect((await h.call('testCheckoutComplete', { cookie, params: { purchaseId } })).status).toBe(404);
    expect((await h.call('testCheckoutCancel', { cookie, params: { purchaseId } })).status).toBe(404);
  });

  it('answers 502 and leaves the purchase failed, not pending, when Stripe refuses the checkout', async () => {
    const { user, cookie } = await h.reader();
    h.fake.refuseNext('/v1/checkout/sessions');
    const refused = await h.call('checkout', { cookie, body: { kind: 'coins', packageId: (await packageAt(0)).id } });
    expect(refused).toMatchObject({ status: 502, body: { success: false, error: { code: 'payment_provider_error' } } });
    const state = await h.snapshot(user.id);
    expect(state.purchases).toMatchObject([{ status: 'failed' }]);
    expect(state.user).toEqual({ coins: 0 });
  });
});

describe('checkout.session.completed', () => {
  it('credits the coins once, with Stripe payment intent kept for refunds', async () => {
    const { user, pkg, purchaseId, paymentIntent, completed } = await paidCoins();
    const purchase = await findPurchase(h.t.db, purchaseId);
    expect(purchase).toMatchObject({ status: 'paid', providerPaymentId: paymentIntent });
    const state = await h.snapshot(user.id);
    expect(state.user).toEqual({ coins: pkg.total });
    expect(state.ledger).toEqual([{ delta: pkg.total, kind: 'purchase', balance_after: pkg.total, purchase_id: purchaseId }]);
    expect((await findPaymentEvent(h.t.db, completed.id))?.processedAt).toBeInstanceOf(Date);
  });

  it('settles a purchase when the reader comes back from Stripe before the webhook, through the same fulfilment, once', async () => {
    const { user, cookie, pkg, purchaseId, sessionId } = await coinCheckout();
    const pending = await h.call('myPurchase', { cookie, params: { purchaseId } });
    expect(pending.body.data.status).toBe('pending');
    h.fake.pay(sessionId);
    const back = await h.call('myPurchase', { cookie, params: { purchaseId } });
    expect(back.body.data.status).toBe('paid');
    // The webhook arrives afterwards and changes nothing more.
    await h.deliver(h.fake.event('checkout.session.completed', sessionId));
    expect((await h.snapshot(user.id)).user).toEqual({ coins: pkg.total });
  });

  it('re-reads the session: an event that says paid while Stripe says unpaid credits nothing', async () => {
    const { user, purchaseId, sessionId } = await coinCheckout();
    const session = h.fake.object<Record<string, unknown>>(sessionId);
    const lie = h.fake.event('checkout.session.completed', sessionId, {
      body: { ...session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_forged' },
    });
    expect((await h.deliver(lie)).status).toBe(200);
    expect(await findPurchase(h.t.db, purchaseId)).toMatchObject({ status: 'pending', providerPaymentId: null });
    expect((await h.snapshot(user.id)).user).toEqual({ coins: 0 });
    expect((await findPaymentEvent(h.t.db, lie.id))?.processedAt).toBeInstanceOf(Date);

    // Stripe says paid, but for another amount than was sold: not fulfilled either.
    h.fake.pay(sessionId);
    h.fake.update(sessionId, { amount_subtotal: 1, amount_total: 1 });
    await h.deliver(h.fake.event('checkout.session.completed', sessionId));
    expect(await findPurchase(h.t.db, purchaseId)).toMatchObject({ status: 'pending' });
    expect((await h.snapshot(user.id)).user).toEqual({ coins: 0 });
  });
});

describe('the webhook refuses what Stripe did not sign', () => {
  it('answers 400 to a missing, forged, altered or stale signature, and changes nothing', async () => {
    const { user, purchaseId, sessionId } = await coinCheckout();
    h.fake.pay(sessionId);
    const event = h.fake.event('checkout.session.completed', sessionId);
    const before = await h.snapshot(user.id);

    const missing = await h.deliver(event, { signature: null });
    expect(missing).toMatchObject({ status: 400, body: { success: false, error: { code: 'validation_failed' } } });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: 'whsec_someone_else' });
    const refused = [
      await h.deliver(event, { signature: forged }),
      await h.deliver(event, { payload: event.payload.replace('"livemode":false', '"livemode":true') }),
      await h.deliver(event, { signature: 't=1,v1=abc' }),
      await h.deliver(event, {
        signature: Stripe.webhooks.generateTestHeaderString({
          payload: event.payload,
          secret: h.fake.webhookSecret,
          timestamp: Math.floor(Date.now() / 1000) - 3600,
        }),
      }),
    ];
    for (const response of refused) {
      expect(response).toMatchObject({ status: 400, body: { success: false, error: { code: 'invalid_signature' } } });
    }
    expect(await h.snapshot(user.id)).toEqual(before);
    expect(await findPaymentEvent(h.t.db, event.id)).toBeUndefined();
    expect(await findPurchase(h.t.db, purchaseId)).toMatchObject({ status: 'pending' });

    // The same event, signed as Stripe signs it, goes through.
    expect((await h.deliver(event)).status).toBe(200);
    expect(await findPurchase(h.t.db, purchaseId)).toMatchObject({ status: 'paid' });
  });

  it('keeps the rest of the API on JSON: only the webhook reads its body raw', async () => {
    const response = await h.t.app.inject({
      method: 'POST',
      url: '/api/proxy/public/login',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: '{"username": 1',
    });
    expect(response.json().error.code).toBe('validation_failed');
    expect((await h.t.app.inject({ method: 'GET', url: STRIPE_WEBHOOK_PATH })).statusCode).toBe(404);
    const docs = await h.t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.json().paths[STRIPE_WEBHOOK_PATH]).toHaveProperty('post');
  });
});

describe('replays and reordering', () => {
  it('changes nothing more when each event comes three times, shuffled, under its own id or a new one', async () => {
    const { user, sessionId, charge } = await paidCoins(2);
    h.fake.update(charge!, { refunded: true, amount_refunded: h.fake.object<{ amount: number }>(charge!).amount });
    const refunded = h.fake.event('charge.refunded', charge!);
    await h.deliver(refunded);
    const settled = await h.snapshot(user.id);
    expect(settled.purchases).toMatchObject([{ status: 'refunded' }]);
    expect(settled.user).toEqual({ coins: 0 });

    const originals = [h.fake.event('checkout.session.completed', sessionId, { id: 'evt_replayed' }), refunded];
    await h.deliver(originals[0]!); // taken in once, then only replayed
    const baseline = await h.snapshot(user.id);
    const replays = shuffled([...originals, ...originals, ...originals]);
    for (const event of replays) {
      const response = await h.deliver(event);
      expect(response).toMatchObject({ status: 200, body: { data: { duplicate: true } } });
    }
    // New ids get past the door: the jobs run again, re-read Stripe and find nothing left to do.
    const fresh = shuffled(
      [0, 1, 2].flatMap(() => [h.fake.event('checkout.session.completed', sessionId), h.fake.event('charge.refunded', charge!)]),
      11,
    );
    for (const event of fresh) expect((await h.deliver(event, { drain: false })).status).toBe(200);
    await h.t.app.services.jobs.drain();
    const after = await h.snapshot(user.id);
    expect({ ...after, events: undefined }).toEqual({ ...baseline, events: undefined });
    expect(after.events).toBe(baseline.events + fresh.length);
  });
});

describe('refunds', () => {
  it('charge.refunded refunds the purchase and takes back what is left of its coins, never below 0', async () => {
    const { user, cookie, pkg, purchaseId, charge } = await paidCoins();
    const series = await buildSeries(h.t);
    const chapter = await buildChapter(h.t, series.id, { number: 1, price: 40 });
    expect((await h.call('unlockChapter', { cookie, params: { chapterId: chapter.id } })).body.data.charged).toBe(40);

    // A partial refund at Stripe leaves the purchase as it is.
    h.fake.update(charge!, { amount_refunded: 50 });
    await h.deliver(h.fake.event('charge.refunded', charge!));
    expect(await findPurchase(h.t.db, purchaseId)).toMatchObject({ status: 'paid' });

    h.fake.update(charge!, { refunded: true, amount_refunded: pkg.priceCents });
    await h.deliver(h.fake.event('charge.refunded', charge!));
    expect(await findPurchase(h.t.db, purchaseId)).toMatchObject({ status: 'refunded', coinsReversed: pkg.total - 40 });
    const state = await h.snapshot(user.id);
    expect(state.user).toEqual({ coins: 0 });
    expect(state.ledger.map((row) => row.kind)).toEqual(['purchase', 'unlock', 'refund']);
  });

  it("an admin's refund goes through Stripe's refunds API first; Stripe's charge.refunded then changes nothing", async () => {
    const { user, purchaseId, paymentIntent, charge } = await paidCoins();
    const refunded = await h.call('adminPurchaseRefund', { cookie: h.admin, params: { id: purchaseId } });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.data).toMatchObject({ status: 'refunded' });
    const sent = h.fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds');
    expect(sent.at(-1)?.body).toEqual({ payment_intent: paymentIntent });
    expect(h.fake.object<{ refunded: boolean }>(charge!).refunded).toBe(true);
    const after = await h.snapshot(user.id);
    await h.deliver(h.fake.event('charge.refunded', charge!));
    expect({ ...(await h.snapshot(user.id)), events: undefined }).toEqual({ ...after, events: undefined });
  });

  it('refuses the refund and changes nothing when Stripe refuses it', async () => {
    const { user, purchaseId, charge } = await paidCoins();
    h.fake.update(charge!, { refunded: true });
    const before = await h.snapshot(user.id);
    const refused = await h.call('adminPurchaseRefund', { cookie: h.admin, params: { id: purchaseId } });
    expect(refused).toMatchObject({ status: 502, body: { error: { code: 'payment_provider_error' } } });
    expect(await h.snapshot(user.id)).toEqual(before);
  });
});

describe('jobs with nothing to work on', () => {
  it('marks an event processed when its object is gone, and takes in events it does not act on', async () => {
    const gone = h.fake.event('charge.refunded', 'ch_gone', { body: { id: 'ch_gone', object: 'charge', refunded: true } });
    expect((await h.deliver(gone)).status).toBe(200);
    expect((await findPaymentEvent(h.t.db, gone.id))?.processedAt).toBeInstanceOf(Date);
    const other = h.fake.event('customer.created', 'cus_1', { body: { id: 'cus_1', object: 'customer' } });
    expect((await h.deliver(other)).status).toBe(200);
    expect(await findPaymentEvent(h.t.db, other.id)).toMatchObject({ type: 'customer.created', processedAt: expect.any(Date) });
  });
});

describe('configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/inkwell-config-test', SESSION_SECRET: 'x'.repeat(32) } as const;
  it('turns Stripe on with both variables, and parses STRIPE_API_BASE for the SDK', () => {
    expect(loadConfig(base).stripe).toBeUndefined();
    const config = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_BASE: 'http://127.0.0.1:4010',
    });
    expect(config.stripe?.api).toEqual({ host: '127.0.0.1', port: 4010, protocol: 'http' });
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).stripe?.api).toEqual({
      host: 'api.stripe.com',
      port: 443,
      protocol: 'https',
    });
  });

  it('refuses half a setup, or a key in the wrong place, without echoing the value', () => {
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET: required/);
    expect(() => loadConfig({ ...base, STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(/STRIPE_SECRET_KEY: required/);
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'pk_test_secretish', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(
      /STRIPE_SECRET_KEY: must be a secret/,
    );
    try {
      loadConfig({ ...base, STRIPE_SECRET_KEY: 'pk_test_secretish', STRIPE_WEBHOOK_SECRET: 'whsec_1' });
    } catch (error) {
      expect(String(error)).not.toContain('secretish');
    }
  });
});
