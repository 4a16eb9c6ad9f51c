import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeHarness, shuffled, type SignedEvent, type StripeHarness } from '../../../../test/stripe-harness';
import { findSubscriptionByProviderId } from '../subscriptions';
import { findPurchase } from './payments.repository';

let h: StripeHarness;
beforeAll(async () => {
  h = await createStripeHarness();
});
afterAll(async () => {
  await h?.close();
});

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

async function planNamed(name: string) {
  const items = (await h.call('plans')).body.data.items as {
    id: string;
    name: string;
    priceCents: number;
    coinsPerPeriod: number;
  }[];
  return items.find((plan) => plan.name === name)!;
}

/** A reader who has paid for Patron (300 coins a month) at Stripe; the events are returned, not yet delivered. */
async function subscribedAtStripe() {
  const { user, cookie } = await h.reader();
  const plan = await planNamed('Patron');
  const started = await h.checkout(cookie, { kind: 'plan', planId: plan.id });
  const paid = h.fake.pay(started.sessionId);
  const completed = h.fake.event('checkout.session.completed', started.sessionId);
  const firstInvoice = h.fake.event('invoice.paid', paid.invoice!);
  return { user, cookie, plan, ...started, ...paid, subscriptionId: paid.subscription!, completed, firstInvoice };
}

async function subscribed() {
  const bought = await subscribedAtStripe();
  expect((await h.deliver(bought.completed)).status).toBe(200);
  return bought;
}

const stripePeriod = (subscriptionId: string) => {
  const [item] = h.fake.object<{ items: { data: { current_period_start: number; current_period_end: number }[] } }>(
    subscriptionId,
  ).items.data;
  return { start: iso(item!.current_period_start), end: iso(item!.current_period_end) };
};

describe('a plan bought through Stripe', () => {
  it('opens a subscription-mode checkout priced per interval', async () => {
    const { cookie } = await h.reader();
    const plan = await planNamed('Reader');
    const { purchaseId, url, sessionId } = await h.checkout(cookie, { kind: 'plan', planId: plan.id });
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const sent = h.fake.requests.findLast((request) => request.path === '/v1/checkout/sessions')!.body;
    expect(sent).toMatchObject({
      mode: 'subscription',
      client_reference_id: purchaseId,
      metadata: { purchaseId },
      subscription_data: { metadata: { purchaseId } },
      line_items: [{ price_data: { currency: 'usd', unit_amount: String(plan.priceCents), recurring: { interval: 'month' } } }],
    });
  });

  it("checkout.session.completed makes the reader premium for Stripe's period; the first invoice adds nothing", async () => {
    const { user, cookie, purchaseId, subscriptionId, paymentIntent, firstInvoice } = await subscribed();
    expect((await h.call('profile', { cookie })).body.data).toMatchObject({ isPremium: true, membership: 'Patron', coins: 300 });
    const period = stripePeriod(subscriptionId);
    expect((await h.call('mySubscription', { cookie })).body.data).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: period.end,
    });
    expect(await findPurchase(h.t.db, purchaseId)).toMatchObject({ status: 'paid', providerPaymentId: paymentIntent });

    const before = await h.snapshot(user.id);
    expect((await h.deliver(firstInvoice)).status).toBe(200);
    expect({ ...(await h.snapshot(user.id)), events: 0 }).toEqual({ ...before, events: 0 });
  });

  it('invoice.paid for the next period moves the period on and credits its coins, once', async () => {
    const { user, cookie, subscriptionId } = await subscribed();
    const renewal = h.fake.renew(subscriptionId);
    const event = h.fake.event('invoice.paid', renewal.invoice);
    expect((await h.deliver(event)).status).toBe(200);
    expect((await h.call('mySubscription', { cookie })).body.data.currentPeriodEnd).toBe(iso(renewal.end));
    const state = await h.snapshot(user.id);
    expect(state.user).toEqual({ coins: 600 });
    expect(state.purchases).toMatchObject([
      { item_name: 'Patron', status: 'paid' },
      { item_name: 'Patron (renewal)', status: 'paid', provider_payment_id: renewal.paymentIntent },
    ]);
    expect(state.subscriptions).toMatchObject([{ period_start: renewal.start, period_end: renewal.end }]);

    for (const again of [event, event, h.fake.event('invoice.paid', renewal.invoice)]) await h.deliver(again);
    expect({ ...(await h.snapshot(user.id)), events: 0 }).toEqual({ ...state, events: 0 });
  });

  it("follows Stripe's cancel at period end, both ways, and ends with customer.subscription.deleted", async () => {
    const { cookie, subscriptionId } = await subscribed();
    // The reader cancels here: Stripe is told to stop at the period's end.
    expect((await h.call('cancelSubscription', { cookie })).body.data).toMatchObject({ cancelAtPeriodEnd: true });
    expect(h.fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${subscriptionId}`,
      body: { cancel_at_period_end: 'true' },
    });
    // Resumed in Stripe's portal, then cancelled there again.
    h.fake.update(subscriptionId, { cancel_at_period_end: false });
    await h.deliver(h.fake.event('customer.subscription.updated', subscriptionId));
    expect((await h.call('mySubscription', { cookie })).body.data.cancelAtPeriodEnd).toBe(false);
    h.fake.update(subscriptionId, { cancel_at_period_end: true });
    await h.deliver(h.fake.event('customer.subscription.updated', subscriptionId));
    expect((await h.call('mySubscription', { cookie })).body.data.cancelAtPeriodEnd).toBe(true);
    expect((await h.call('profile', { cookie })).body.data.isPremium).toBe(true);

    // An event whose body says deleted while Stripe still runs it changes nothing.
    await h.deliver(
      h.fake.event('customer.subscription.deleted', subscriptionId, { body: { id: subscriptionId, status: 'canceled' } }),
    );
    expect((await h.call('profile', { cookie })).body.data.isPremium).toBe(true);
    const endedAt = Math.floor(Date.now() / 1000);
    h.fake.update(subscriptionId, { status: 'canceled', canceled_at: endedAt, ended_at: endedAt });
    await h.deliver(h.fake.event('customer.subscription.deleted', subscriptionId));
    expect((await h.call('profile', { cookie })).body.data).toMatchObject({ isPremium: false, membership: null });
    expect((await h.call('mySubscription', { cookie })).body.data).toBeNull();
    expect((await findSubscriptionByProviderId(h.t.db, subscriptionId))?.endedAt?.toISOString()).toBe(iso(endedAt));
  });

  it("an admin's refund refunds the invoice's payment and cancels at Stripe; Stripe's events then change nothing", async () => {
    const { user, cookie, purchaseId, subscriptionId, paymentIntent } = await subscribed();
    const refunded = await h.call('adminPurchaseRefund', { cookie: h.admin, params: { id: purchaseId } });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const calls = h.fake.requests.slice(-2).map(({ method, path, body }) => ({ method, path, body }));
    expect(calls).toEqual([
      { method: 'POST', path: '/v1/refunds', body: { payment_intent: paymentIntent } },
      { method: 'DELETE', path: `/v1/subscriptions/${subscriptionId}`, body: {} },
    ]);
    expect((await h.call('profile', { cookie })).body.data.isPremium).toBe(false);
    const after = await h.snapshot(user.id);
    const charge = h.fake.object<{ latest_charge: string }>(paymentIntent!).latest_charge;
    await h.deliver(h.fake.event('customer.subscription.deleted', subscriptionId));
    await h.deliver(h.fake.event('charge.refunded', charge));
    expect({ ...(await h.snapshot(user.id)), events: 0 }).toEqual({ ...after, events: 0 });
  });
});

describe('events out of order, replayed', () => {
  it('keeps a cancellation that reached Stripe before the checkout was fulfilled', async () => {
    const { cookie, subscriptionId, completed } = await subscribedAtStripe();
    h.fake.update(subscriptionId, { cancel_at_period_end: true });
    expect((await h.deliver(h.fake.event('customer.subscription.updated', subscriptionId))).status).toBe(200);
    await h.deliver(completed);
    expect((await h.call('mySubscription', { cookie })).body.data).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
  });

  it('retries a renewal that arrives before its checkout, and applies it once the checkout is in', async () => {
    const { user, subscriptionId, completed } = await subscribedAtStripe();
    const renewal = h.fake.renew(subscriptionId);
    const stripeEvents = h.t.app.services.stripeEvents!;
    const job = { eventId: 'evt_early', type: 'invoice.paid', objectId: renewal.invoice };
    await expect(stripeEvents.process(job)).rejects.toThrow(/not fulfilled here yet/);
    await h.deliver(completed);
    await stripeEvents.process(job);
    await stripeEvents.process(job);
    const state = await h.snapshot(user.id);
    expect(state.subscriptions).toMatchObject([{ period_end: renewal.end }]);
    // Fulfilment read Stripe's period then (already the second one): its coins come once, under that period.
    expect(state.user).toEqual({ coins: 300 });
  });

  it('changes nothing more when every event of a plan comes again three times, shuffled, under its own id or a new one', async () => {
    const { user, sessionId, subscriptionId, invoice, completed, firstInvoice } = await subscribed();
    const delivered: SignedEvent[] = [completed, firstInvoice];
    await h.deliver(firstInvoice);
    const renewal = h.fake.renew(subscriptionId);
    delivered.push(h.fake.event('invoice.paid', renewal.invoice));
    h.fake.update(subscriptionId, { cancel_at_period_end: true });
    delivered.push(h.fake.event('customer.subscription.updated', subscriptionId));
    for (const event of delivered.slice(2)) await h.deliver(event);
    const baseline = await h.snapshot(user.id);
    expect(baseline.user).toEqual({ coins: 600 });
    expect(baseline.subscriptions).toMatchObject([{ status: 'active', cancel_at_period_end: true }]);

    for (const event of shuffled([...delivered, ...delivered, ...delivered], 3)) {
      expect((await h.deliver(event)).body).toMatchObject({ data: { duplicate: true } });
    }
    const objects = [
      ['checkout.session.completed', sessionId],
      ['invoice.paid', invoice!],
      ['invoice.paid', renewal.invoice],
      ['customer.subscription.updated', subscriptionId],
    ] as const;
    const fresh = [0, 1, 2].flatMap(() => objects.map(([type, id]) => h.fake.event(type, id)));
    for (const event of shuffled(fresh, 5)) expect((await h.deliver(event, { drain: false })).status).toBe(200);
    await h.t.app.services.jobs.drain();
    const after = await h.snapshot(user.id);
    expect({ ...after, events: 0 }).toEqual({ ...baseline, events: 0 });
  });

  it('a second plan paid later stops the first at Stripe, and a renewal of the ended one cancels it', async () => {
    const { user, cookie } = await h.reader();
    const plan = await planNamed('Patron');
    const first = await h.checkout(cookie, { kind: 'plan', planId: plan.id });
    const second = await h.checkout(cookie, { kind: 'plan', planId: plan.id });
    const firstPaid = h.fake.pay(first.sessionId);
    await h.deliver(h.fake.event('checkout.session.completed', first.sessionId));
    // The older one's cancel is refused once: its next invoice.paid is what stops it.
    h.fake.refuseNext(`/v1/subscriptions/${firstPaid.subscription}`);
    const secondPaid = h.fake.pay(second.sessionId);
    await h.deliver(h.fake.event('checkout.session.completed', second.sessionId));
    expect(h.fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/subscriptions/${firstPaid.subscription}` });
    expect(h.fake.object<{ status: string }>(firstPaid.subscription!).status).toBe('active');
    expect((await h.call('mySubscription', { cookie })).body.data).toMatchObject({ status: 'active' });

    const renewal = h.fake.renew(firstPaid.subscription!);
    const before = await h.snapshot(user.id);
    expect((await h.deliver(h.fake.event('invoice.paid', renewal.invoice))).status).toBe(200);
    expect(h.fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/subscriptions/${firstPaid.subscription}` });
    expect(h.fake.object<{ status: string }>(firstPaid.subscription!).status).toBe('canceled');
    expect(h.fake.object<{ status: string }>(secondPaid.subscription!).status).toBe('active');
    const after = await h.snapshot(user.id);
    expect(after.user).toEqual(before.user);
    expect(after.purchases).toHaveLength(before.purchases.length);
    expect(after.subscriptions.filter((row) => (row as { status: string }).status === 'active')).toHaveLength(1);
  });
});
