import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';
import { createStripeHarness, type StripeHarness } from '../../../../test/stripe-harness';
import { seedDemoStore } from '../../../demo/seed-store';
import { findPurchase } from './payments.repository';

// Issue 38 §3: prices in any currency Stripe takes, as integers in the currency's minor unit; the
// store in the reader's currency; Stripe Tax on top of the price with STRIPE_TAX=1.

const jpyPackage = { name: 'Yen pouch', coins: 500, bonusCoins: 0, priceCents: 500, currency: 'jpy' };

describe('prices in any currency, through the test checkout', () => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoStore(t.db);
    admin = await loginAs(t.app, await buildUser(t.db, { role: 'admin' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sells a JPY package priced 500 (¥500, no minor unit) for 500 yen', async () => {
    const created = await callEndpoint(t, 'adminCoinPackageCreate', { cookie: admin, body: jpyPackage });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ priceCents: 500, currency: 'jpy' });

    const reader = await buildUser(t.db);
    const cookie = await loginAs(t.app, reader);
    const started = await callEndpoint(t, 'checkout', { cookie, body: { kind: 'coins', packageId: created.body.data.id } });
    expect(started.status).toBe(201);
    const { purchaseId } = started.body.data as { purchaseId: string };
    const paid = await callEndpoint(t, 'testCheckoutComplete', { cookie, params: { purchaseId } });
    expect(paid.body.data).toMatchObject({ status: 'paid', amountCents: 500, currency: 'jpy', coins: 500, taxCents: 0 });
    expect(await findPurchase(t.db, purchaseId)).toMatchObject({ amountCents: 500, currency: 'jpy', taxCents: 0 });
  });

  it("takes a three-decimal price in thousandths, in Stripe's tens, and each currency's minimum", async () => {
    const kwd = { name: 'Dinar pouch', coins: 100, priceCents: 1230, currency: 'kwd' };
    const created = await callEndpoint(t, 'adminCoinPackageCreate', { cookie: admin, body: kwd });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ priceCents: 1230, currency: 'kwd' });

    const thousandth = await callEndpoint(t, 'adminCoinPackageCreate', { cookie: admin, body: { ...kwd, priceCents: 1234 } });
    expect(thousandth.status).toBe(400);
    expect(Object.keys(thousandth.body.error.fields)).toEqual(['priceCents']);
    const cheap = await callEndpoint(t, 'adminCoinPackageCreate', { cookie: admin, body: { ...jpyPackage, priceCents: 49 } });
    expect(cheap.status).toBe(400);
    expect(Object.keys(cheap.body.error.fields)).toEqual(['priceCents']);
    const unknown = await callEndpoint(t, 'adminPlanCreate', {
      cookie: admin,
      body: { name: 'Old money', priceCents: 500, currency: 'xxx', interval: 'month' },
    });
    expect(Object.keys(unknown.body.error.fields)).toEqual(['currency']);
    // An edit is judged with what it leaves in place: a KWD package cannot become 1.235 KWD.
    const edited = await callEndpoint(t, 'adminCoinPackageUpdate', {
      cookie: admin,
      params: { id: created.body.data.id },
      body: { priceCents: 1235, currency: 'kwd' },
    });
    expect(edited.status).toBe(400);
  });

  it("shows the reader the packages in their currency, else the site's default currency's", async () => {
    const shown = async (query = '') => {
      const answer = await callEndpoint(t, 'coinPackages', { query });
      const data = answer.body.data as { items: { currency: string }[]; currency: string | null };
      return { currency: data.currency, currencies: [...new Set(data.items.map((item) => item.currency))] };
    };
    expect(await shown('?currency=jpy')).toEqual({ currency: 'jpy', currencies: ['jpy'] });
    expect(await shown('?currency=kwd')).toEqual({ currency: 'kwd', currencies: ['kwd'] });
    // No package in reais: the default currency's (usd, the demo store's).
    expect(await shown('?currency=brl')).toEqual({ currency: 'usd', currencies: ['usd'] });
    expect(await shown()).toEqual({ currency: 'usd', currencies: ['usd'] });
    expect((await callEndpoint(t, 'coinPackages', { query: '?currency=nope' })).status).toBe(400);

    await t.app.services.siteConfig.update({ site: { defaultCurrency: 'jpy' } });
    expect(await shown('?currency=brl')).toEqual({ currency: 'jpy', currencies: ['jpy'] });
    expect(await shown('?currency=usd')).toEqual({ currency: 'usd', currencies: ['usd'] });
    await t.app.services.siteConfig.update({ site: { defaultCurrency: 'usd' } });

    const plans = await callEndpoint(t, 'plans', { query: '?currency=jpy' });
    // The demo's plans are all in dollars: the default currency's.
    expect(plans.body.data.currency).toBe('usd');
    expect(plans.body.data.items.length).toBeGreaterThan(0);
  });
});

describe('a JPY package through Stripe', () => {
  let h: StripeHarness;
  beforeAll(async () => {
    h = await createStripeHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('asks Stripe for 500 in jpy, without tax when STRIPE_TAX is off', async () => {
    const created = await h.call('adminCoinPackageCreate', { cookie: h.admin, body: jpyPackage });
    const { user, cookie } = await h.reader();
    const { purchaseId, sessionId } = await h.checkout(cookie, { kind: 'coins', packageId: created.body.data.id });
    const sent = h.fake.requests.findLast((request) => request.path === '/v1/checkout/sessions')!.body;
    expect(sent.line_items).toMatchObject([{ price_data: { currency: 'jpy', unit_amount: '500' } }]);
    expect(sent).not.toHaveProperty('automatic_tax');
    expect(sent).not.toHaveProperty('billing_address_collection');

    h.fake.pay(sessionId);
    await h.deliver(h.fake.event('checkout.session.completed', sessionId));
    expect(await findPurchase(h.t.db, purchaseId)).toMatchObject({
      status: 'paid',
      amountCents: 500,
      currency: 'jpy',
      taxCents: 0,
    });
    expect((await h.snapshot(user.id)).user).toEqual({ coins: 500 });
  });
});

describe('Stripe Tax (STRIPE_TAX=1)', () => {
  let h: StripeHarness;
  beforeAll(async () => {
    h = await createStripeHarness({ STRIPE_TAX: '1' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('has Stripe add the tax on top of the price from a required billing address, and keeps it on the purchase', async () => {
    const created = await h.call('adminCoinPackageCreate', { cookie: h.admin, body: jpyPackage });
    const { user, cookie } = await h.reader();
    const { purchaseId, sessionId } = await h.checkout(cookie, { kind: 'coins', packageId: created.body.data.id });
    const sent = h.fake.requests.findLast((request) => request.path === '/v1/checkout/sessions')!.body;
    expect(sent).toMatchObject({
      automatic_tax: { enabled: 'true' },
      billing_address_collection: 'required',
      line_items: [{ price_data: { currency: 'jpy', unit_amount: '500', tax_behavior: 'exclusive' } }],
    });
    expect(h.fake.object<{ automatic_tax: unknown }>(sessionId).automatic_tax).toEqual({ enabled: true, status: 'complete' });

    const { charge } = h.fake.pay(sessionId);
    expect(h.fake.object<{ amount: number }>(charge!).amount).toBe(550);
    await h.deliver(h.fake.event('checkout.session.completed', sessionId));
    expect(await findPurchase(h.t.db, purchaseId)).toMatchObject({ status: 'paid', amountCents: 500, taxCents: 50 });
    // The purchase answer (receipt, history) carries price and tax; the coins are the package's.
    const answer = await h.call('myPurchase', { cookie, params: { purchaseId } });
    expect(answer.body.data).toMatchObject({ amountCents: 500, taxCents: 50, currency: 'jpy' });
    expect((await h.snapshot(user.id)).user).toEqual({ coins: 500 });
  });

  it('keeps the tax of a plan subscription bought with tax, and of each renewal', async () => {
    const plans = (await h.call('plans')).body.data.items as { id: string; priceCents: number }[];
    const plan = plans[0]!;
    const { user, cookie } = await h.reader();
    const { purchaseId, sessionId } = await h.checkout(cookie, { kind: 'plan', planId: plan.id });
    const sent = h.fake.requests.findLast((request) => request.path === '/v1/checkout/sessions')!.body;
    expect(sent).toMatchObject({ mode: 'subscription', automatic_tax: { enabled: 'true' } });
    const { subscription } = h.fake.pay(sessionId);
    await h.deliver(h.fake.event('checkout.session.completed', sessionId));
    const tax = Math.round(plan.priceCents / 10);
    expect(await findPurchase(h.t.db, purchaseId)).toMatchObject({ status: 'paid', amountCents: plan.priceCents, taxCents: tax });

    const renewal = h.fake.renew(subscription!);
    await h.deliver(h.fake.event('invoice.paid', renewal.invoice));
    const history = (await h.call('myPurchases', { cookie })).body.data.items as { amountCents: number; taxCents: number }[];
    expect(history).toHaveLength(2);
    expect(history.every((item) => item.amountCents === plan.priceCents && item.taxCents === tax)).toBe(true);
    expect((await h.snapshot(user.id)).subscriptions).toHaveLength(1);
  });
});
