import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/sql';
import { buildSeries, buildUser } from '../../../../test/factories';
import { createStripeHarness, type StripeHarness } from '../../../../test/stripe-harness';

// Issue 38 §1: a series' membership tier bought through Stripe (faked at its network edge), with
// the plans' providers, renewals, cancellation and refunds, and the payees' parts of each payment.

let h: StripeHarness;
beforeAll(async () => {
  h = await createStripeHarness();
});
afterAll(async () => {
  await h?.close();
});

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** A series with two payees (70/30) and a yearly tier in euros with 40 coins a period. */
async function seriesWithTier() {
  const series = await buildSeries(h.t);
  const [author, artist] = [await buildUser(h.t.db), await buildUser(h.t.db)];
  const payees = await h.call('adminSeriesPayeesUpdate', {
    cookie: h.admin,
    params: { id: series.id },
    body: [
      { userId: author.id, role: 'author', shareBps: 7000 },
      { userId: artist.id, role: 'artist', shareBps: 3000 },
    ],
  });
  expect(payees.status).toBe(200);
  const created = await h.call('teamSeriesTierCreate', {
    cookie: h.admin,
    params: { id: series.id },
    body: { name: 'Lantern', priceCents: 4900, currency: 'eur', interval: 'year', earlyAccessDays: 7, coinsPerPeriod: 40 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { series, author, artist, tier: created.body.data as { id: string } };
}

async function allocationsOf(purchaseId: string) {
  return rowsOf<{ payee_id: string; amount_cents: number; kind: string; currency: string }>(
    await h.t.db.execute(
      sql`select payee_id, amount_cents::int as amount_cents, kind, currency from tier_allocations where purchase_id = ${purchaseId} order by kind, amount_cents desc`,
    ),
  );
}

async function memberAtStripe() {
  const bought = await seriesWithTier();
  const { user, cookie } = await h.reader();
  const started = await h.checkout(cookie, { kind: 'tier', tierId: bought.tier.id });
  const paid = h.fake.pay(started.sessionId);
  const completed = h.fake.event('checkout.session.completed', started.sessionId);
  expect((await h.deliver(completed)).status).toBe(200);
  return { ...bought, user, cookie, ...started, ...paid, subscriptionId: paid.subscription! };
}

describe('a membership bought through Stripe', () => {
  it("opens a subscription-mode checkout at the tier's price, currency and interval, with the tier in its metadata", async () => {
    const { series, tier } = await seriesWithTier();
    const { cookie } = await h.reader();
    const { purchaseId } = await h.checkout(cookie, { kind: 'tier', tierId: tier.id });
    const sent = h.fake.requests.findLast((request) => request.path === '/v1/checkout/sessions')!.body;
    const metadata = { purchaseId, kind: 'tier', tierId: tier.id, seriesId: series.id };
    expect(sent).toMatchObject({
      mode: 'subscription',
      client_reference_id: purchaseId,
      metadata,
      subscription_data: { metadata },
      line_items: [{ price_data: { currency: 'eur', unit_amount: '4900', recurring: { interval: 'year' } } }],
    });
  });

  it("checkout.session.completed starts the membership for Stripe's period and splits the payment", async () => {
    const { user, cookie, purchaseId, subscriptionId, author, artist } = await memberAtStripe();
    const [item] = h.fake.object<{ items: { data: { current_period_end: number }[] } }>(subscriptionId).items.data;
    const mine = (await h.call('myMemberships', { cookie })).body.data.items;
    expect(mine).toEqual([
      expect.objectContaining({ provider: 'stripe', status: 'active', currentPeriodEnd: iso(item!.current_period_end) }),
    ]);
    expect((await h.snapshot(user.id)).user).toEqual({ coins: 40 });
    expect(await allocationsOf(purchaseId)).toEqual([
      { payee_id: author.id, amount_cents: 3430, kind: 'payment', currency: 'eur' },
      { payee_id: artist.id, amount_cents: 1470, kind: 'payment', currency: 'eur' },
    ]);
  });

  it('invoice.paid for the next period renews it once: charged again, coins once, parts once', async () => {
    const { user, cookie, subscriptionId, author, artist } = await memberAtStripe();
    const renewal = h.fake.renew(subscriptionId);
    const event = h.fake.event('invoice.paid', renewal.invoice);
    for (let i = 0; i < 3; i += 1)
      expect((await h.deliver(i === 0 ? event : h.fake.event('invoice.paid', renewal.invoice))).status).toBe(200);
    expect((await h.call('myMemberships', { cookie })).body.data.items[0].currentPeriodEnd).toBe(iso(renewal.end));
    const state = await h.snapshot(user.id);
    expect(state.user).toEqual({ coins: 80 });
    const renewed = state.purchases.find((row) => row.item_name === 'Lantern (renewal)') as { id: string; status: string };
    expect(renewed).toMatchObject({ status: 'paid', provider_payment_id: renewal.paymentIntent });
    expect(await allocationsOf(renewed.id)).toEqual([
      { payee_id: author.id, amount_cents: 3430, kind: 'payment', currency: 'eur' },
      { payee_id: artist.id, amount_cents: 1470, kind: 'payment', currency: 'eur' },
    ]);
  });

  it('is cancelled at the period end at Stripe, and a refund gives the money back and takes back the parts once', async () => {
    const { user, cookie, purchaseId, subscriptionId, paymentIntent, author, artist } = await memberAtStripe();
    const [membership] = (await h.call('myMemberships', { cookie })).body.data.items;
    const cancelled = await h.call('cancelMembership', { cookie, params: { membershipId: membership.id } });
    expect(cancelled.body.data).toMatchObject({ cancelAtPeriodEnd: true });
    expect(h.fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${subscriptionId}`,
      body: { cancel_at_period_end: 'true' },
    });

    const refunded = await h.call('adminPurchaseRefund', { cookie: h.admin, params: { id: purchaseId } });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(h.fake.requests.slice(-2).map(({ method, path }) => ({ method, path }))).toEqual([
      { method: 'POST', path: '/v1/refunds' },
      { method: 'DELETE', path: `/v1/subscriptions/${subscriptionId}` },
    ]);
    expect((await h.call('myMemberships', { cookie })).body.data.items).toEqual([]);
    const charge = h.fake.object<{ latest_charge: string }>(paymentIntent!).latest_charge;
    await h.deliver(h.fake.event('charge.refunded', charge));
    await h.deliver(h.fake.event('customer.subscription.deleted', subscriptionId));
    expect(await allocationsOf(purchaseId)).toEqual([
      { payee_id: author.id, amount_cents: 3430, kind: 'payment', currency: 'eur' },
      { payee_id: artist.id, amount_cents: 1470, kind: 'payment', currency: 'eur' },
      { payee_id: artist.id, amount_cents: -1470, kind: 'refund', currency: 'eur' },
      { payee_id: author.id, amount_cents: -3430, kind: 'refund', currency: 'eur' },
    ]);
    expect((await h.snapshot(user.id)).user).toEqual({ coins: 0 });
  });

  it('a second membership of the series paid later stops the first at Stripe; a renewal of the ended one cancels it', async () => {
    const { tier } = await seriesWithTier();
    const { user, cookie } = await h.reader();
    // Two checkouts opened before either is paid (two tabs): both are paid at Stripe.
    const first = await h.checkout(cookie, { kind: 'tier', tierId: tier.id });
    const second = await h.checkout(cookie, { kind: 'tier', tierId: tier.id });
    const firstPaid = h.fake.pay(first.sessionId);
    await h.deliver(h.fake.event('checkout.session.completed', first.sessionId));
    const secondPaid = h.fake.pay(second.sessionId);
    await h.deliver(h.fake.event('checkout.session.completed', second.sessionId));
    expect(h.fake.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toContain(
      `/v1/subscriptions/${firstPaid.subscription}`,
    );
    expect(h.fake.object<{ status: string }>(firstPaid.subscription!).status).toBe('canceled');
    expect(h.fake.object<{ status: string }>(secondPaid.subscription!).status).toBe('active');
    const mine = (await h.call('myMemberships', { cookie })).body.data.items as { status: string }[];
    expect(mine).toHaveLength(1);

    // Had Stripe kept billing the replaced one (its cancel refused), its renewal cancels it then, and adds nothing.
    h.fake.update(firstPaid.subscription!, { status: 'active', canceled_at: null, ended_at: null });
    const renewal = h.fake.renew(firstPaid.subscription!);
    const before = await h.snapshot(user.id);
    expect((await h.deliver(h.fake.event('invoice.paid', renewal.invoice))).status).toBe(200);
    expect(h.fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/subscriptions/${firstPaid.subscription}` });
    expect(h.fake.object<{ status: string }>(firstPaid.subscription!).status).toBe('canceled');
    const after = await h.snapshot(user.id);
    expect(after.user).toEqual(before.user);
    expect(after.purchases).toHaveLength(before.purchases.length);
  });
});
