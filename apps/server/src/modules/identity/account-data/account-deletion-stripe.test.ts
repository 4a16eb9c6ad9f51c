import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeHarness, type StripeHarness } from '../../../../test/stripe-harness';

// Issue 36 §3: a deleted account's running plan is cancelled with the provider, through the
// reader's own Cancel path; Stripe is faked at its network edge (test/fake-stripe.ts).

let h: StripeHarness;
beforeAll(async () => {
  h = await createStripeHarness();
});
afterAll(async () => {
  await h?.close();
});

/** A reader who has paid for Patron at Stripe (its checkout completed, so the plan runs). */
async function subscribed() {
  const { user, cookie } = await h.reader();
  const plans = (await h.call('plans')).body.data.items as { id: string; name: string }[];
  const started = await h.checkout(cookie, { kind: 'plan', planId: plans.find((plan) => plan.name === 'Patron')!.id });
  const paid = h.fake.pay(started.sessionId);
  expect((await h.deliver(h.fake.event('checkout.session.completed', started.sessionId))).status).toBe(200);
  return { user, cookie, subscriptionId: paid.subscription! };
}

const deletedAt = async (userId: string) =>
  (await h.t.executeSql('select deleted_at from users where id = $1', [userId])).rows[0] as { deleted_at: Date | null };

describe('deleting an account with a plan at Stripe', () => {
  it('tells Stripe to stop the subscription, then deletes', async () => {
    const { user, cookie, subscriptionId } = await subscribed();
    const answer = await h.call('accountDelete', { cookie, body: { password: user.password } });
    expect(answer.status).toBe(200);
    expect(h.fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${subscriptionId}`,
      body: { cancel_at_period_end: 'true' },
    });
    const snapshot = await h.snapshot(user.id);
    expect(snapshot.subscriptions).toMatchObject([{ cancel_at_period_end: true }]);
    // The plan's coins were forfeited through the ledger; the purchase stays, paid.
    expect(snapshot.user).toEqual({ coins: 0 });
    expect(snapshot.ledger.at(-1)).toMatchObject({ kind: 'forfeit', balance_after: 0 });
    expect(snapshot.purchases).toMatchObject([{ status: 'paid' }]);
    expect((await deletedAt(user.id)).deleted_at).not.toBeNull();
  });

  it('changes nothing when Stripe refuses the cancellation: the reader can try again', async () => {
    const { user, cookie, subscriptionId } = await subscribed();
    const before = await h.snapshot(user.id);
    h.fake.refuseNext(`/v1/subscriptions/${subscriptionId}`);
    const refused = await h.call('accountDelete', { cookie, body: { password: user.password } });
    expect(refused.status).toBe(502);
    expect(refused.body.error.code).toBe('payment_provider_error');
    expect(await h.snapshot(user.id)).toEqual(before);
    expect((await deletedAt(user.id)).deleted_at).toBeNull();
    expect((await h.call('profile', { cookie })).status).toBe(200);

    expect((await h.call('accountDelete', { cookie, body: { password: user.password } })).status).toBe(200);
  });
});
