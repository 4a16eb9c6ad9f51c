import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, loginAs, startSecondInstance, type TestContext } from '../../../../test/helpers';
import { createStripeHarness, type StripeHarness } from '../../../../test/stripe-harness';
import { payoutAccounts, payoutStatements } from '../../../db/schema';
import { moveCoins } from '../wallet';
import { allocate } from './allocations';

/*
 * Issue 38 §2 against the fake Stripe at its network edge: a payee's Express account and its Account
 * Link, `account.updated` turning it active, and a month's transfer to it under the payee+month key.
 */
const JANUARY = (day: number) => new Date(Date.UTC(2026, 0, day, 12));
const FEBRUARY_CLOSE = new Date(Date.UTC(2026, 1, 1, 2));

async function spend(t: TestContext, series: { id: string; title: string }, coins: number, when: Date) {
  const reader = await buildUser(t.db);
  await moveCoins(t.db, { userId: reader.id, delta: coins, kind: 'adjustment', reason: 'For the month' });
  await t.db.transaction(async (tx) => {
    const debit = await moveCoins(tx, { userId: reader.id, delta: -coins, kind: 'unlock', reason: 'Chapters of the month' });
    await allocate(tx, {
      ledgerId: debit!.entryId,
      seriesId: series.id,
      seriesTitle: series.title,
      coins,
      source: 'unlock',
      now: when,
    });
  });
}

/** A payee of a fresh series (all of it) whose Stripe account Stripe has enabled, told by account.updated. */
async function stripePayee(h: StripeHarness) {
  const user = await buildUser(h.t.db);
  const cookie = await loginAs(h.t.app, user);
  const series = await buildSeries(h.t, { title: `Series of ${user.username}` });
  const saved = await callEndpoint(h.t, 'adminSeriesPayeesUpdate', {
    cookie: h.admin,
    params: { id: series.id },
    body: [{ userId: user.id, role: 'author', shareBps: 10_000 }],
  });
  expect(saved.status).toBe(200);
  const started = await callEndpoint(h.t, 'myPayoutAccountStart', { cookie, body: { currency: 'usd' } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const [account] = await h.t.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, user.id));
  return {
    user,
    cookie,
    series: { id: series.id, title: series.title },
    accountId: account!.providerAccountId,
    onboardingUrl: started.body.data.onboardingUrl as string,
  };
}

async function enable(h: StripeHarness, accountId: string) {
  h.fake.update(accountId, { payouts_enabled: true, details_submitted: true, capabilities: { transfers: 'active' } });
  const delivered = await h.deliver(h.fake.event('account.updated', accountId));
  expect(delivered.status).toBe(200);
}

describe('payouts through Stripe Connect (fake Stripe)', () => {
  let h: StripeHarness;
  beforeAll(async () => {
    h = await createStripeHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('makes an Express account asking for transfers, sends the payee to its Account Link, and is active once Stripe says so', async () => {
    const payee = await stripePayee(h);
    const created = h.fake.requests.find((request) => request.path === '/v1/accounts')!;
    expect(created.body).toMatchObject({
      type: 'express',
      default_currency: 'usd',
      email: payee.user.email,
      capabilities: { transfers: { requested: 'true' } },
      metadata: { userId: payee.user.id },
    });
    expect(payee.onboardingUrl).toBe(`https://connect.stripe.test/setup/e/${payee.accountId}`);
    const link = h.fake.requests.findLast((request) => request.path === '/v1/account_links')!;
    expect(link.body).toMatchObject({ account: payee.accountId, type: 'account_onboarding' });
    expect(String(link.body.return_url)).toMatch(/\/account\/payouts$/);

    expect((await callEndpoint(h.t, 'myPayoutAccount', { cookie: payee.cookie })).body.data).toMatchObject({
      status: 'pending',
      provider: 'stripe',
    });
    // Not the test provider's page while Stripe is on.
    expect((await callEndpoint(h.t, 'testPayoutOnboardingComplete', { cookie: payee.cookie })).status).toBe(404);
    await enable(h, payee.accountId);
    const [row] = await h.t.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, payee.user.id));
    expect(row!.status).toBe('active');
  });

  it("sends the month's transfer to the payee's account under the payee+month key, once", async () => {
    h.t.clock.set(JANUARY(1));
    const payee = await stripePayee(h);
    await enable(h, payee.accountId);
    // The site's defaults: a fee of 30 %, a minimum of 20.00 USD, 100 coins = 1.00 USD.
    await spend(h.t, payee.series, 3000, JANUARY(10));
    h.t.clock.set(FEBRUARY_CLOSE);
    await h.t.app.services.payoutMonths.closeMonths();
    await h.t.app.services.jobs.drain();
    await h.t.app.services.payoutMonths.closeMonths();
    await h.t.app.services.jobs.drain();

    const transfers = h.fake.requests.filter((request) => request.path === '/v1/transfers');
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.idempotencyKey).toBe(`payout-${payee.user.id}-2026-01`);
    expect(transfers[0]!.body).toMatchObject({ amount: '2100', currency: 'usd', destination: payee.accountId });
    const [statement] = await h.t.db
      .select()
      .from(payoutStatements)
      .where(and(eq(payoutStatements.payeeId, payee.user.id), eq(payoutStatements.month, '2026-01')));
    expect(statement).toMatchObject({ status: 'sent', provider: 'stripe', amountCents: 2100, feeCents: 900, earnedCents: 3000 });
    expect(statement!.providerTransferId).toBe(h.fake.object<{ id: string }>(statement!.providerTransferId!).id);
  });
  it("marks a transfer Stripe refused as failed, and the admin's retry sends it under a key of its own", async () => {
    h.t.clock.set(new Date(Date.UTC(2026, 1, 2)));
    const payee = await stripePayee(h);
    await enable(h, payee.accountId);
    await spend(h.t, payee.series, 4000, new Date(Date.UTC(2026, 1, 10)));
    h.t.clock.set(new Date(Date.UTC(2026, 2, 1, 2)));
    h.fake.refuseNext('/v1/transfers');
    await h.t.app.services.payoutMonths.closeMonths();
    await h.t.app.services.jobs.drain();
    const [failed] = await h.t.db
      .select()
      .from(payoutStatements)
      .where(and(eq(payoutStatements.payeeId, payee.user.id), eq(payoutStatements.month, '2026-02')));
    expect(failed).toMatchObject({ status: 'failed', amountCents: 2800, failureReason: 'Refused by the test', attempts: 1 });

    const admin = await loginAs(h.t.app, await buildUser(h.t.db, { role: 'admin' }));
    const retried = await callEndpoint(h.t, 'adminPayoutRetry', { cookie: admin, params: { id: failed!.id } });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const keys = h.fake.requests
      .filter((request) => request.path === '/v1/transfers' && request.body.destination === payee.accountId)
      .map((request) => request.idempotencyKey);
    expect(keys).toEqual([`payout-${payee.user.id}-2026-02`, `payout-${payee.user.id}-2026-02-retry1`]);
    expect(retried.body.data).toMatchObject({ status: 'sent', attempts: 2, failureReason: null });
    expect(retried.body.data.transferId).toMatch(/^tr_/);
  });
});

describe.skipIf(inject('testDatabase').kind !== 'postgres')('a month closed by two instances at once (fake Stripe)', () => {
  let h: StripeHarness;
  beforeAll(async () => {
    h = await createStripeHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('writes one statement and makes one transfer per payee', async () => {
    h.t.clock.set(JANUARY(1));
    const payees = [await stripePayee(h), await stripePayee(h), await stripePayee(h)];
    for (const payee of payees.slice(0, 2)) await enable(h, payee.accountId);
    for (const [index, payee] of payees.entries()) await spend(h.t, payee.series, 3000 + index, JANUARY(5 + index));
    h.t.clock.set(FEBRUARY_CLOSE);
    const other = await startSecondInstance(h.t, { env: h.fake.env, jobs: { runWorkers: true } });
    try {
      await Promise.all([
        h.t.app.services.payoutMonths.closeMonths(),
        other.app.services.payoutMonths.closeMonths(),
        h.t.app.services.payoutMonths.closeMonths(),
        other.app.services.payoutMonths.closeMonths(),
      ]);
      await h.t.app.services.jobs.drain();
      await other.app.services.jobs.drain();
    } finally {
      await other.close();
    }
    const statements = await h.t.db.select().from(payoutStatements);
    expect(statements.map((row) => [row.payeeId, row.status]).sort()).toEqual(
      [
        [payees[0]!.user.id, 'sent'],
        [payees[1]!.user.id, 'sent'],
        [payees[2]!.user.id, 'carried'],
      ].sort(),
    );
    const keys = h.fake.requests.filter((request) => request.path === '/v1/transfers').map((request) => request.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set([`payout-${payees[0]!.user.id}-2026-01`, `payout-${payees[1]!.user.id}-2026-01`]));
    const transferIds = new Set(statements.map((row) => row.providerTransferId).filter(Boolean));
    expect(transferIds.size).toBe(2);
  });
});
