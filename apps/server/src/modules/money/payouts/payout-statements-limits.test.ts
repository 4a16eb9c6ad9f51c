import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';
import { payoutAccounts, payoutStatements } from '../../../db/schema';
import { REFUSED_TEST_PAYOUT_ACCOUNT } from '../payments/providers/test-payout-provider';
import { allocateTierIncome } from './commands/tier-income';

/*
 * Decision 0045 at its edges: a month in a currency of large numbers (rupiah), whose sums pass
 * 2,147,483,647 minor units; a failed transfer nobody retried, whose money goes on to the next month.
 */
const at = (month: number, day: number, hour = 12) => new Date(Date.UTC(2026, month - 1, day, hour));

async function payeeOf(t: TestContext, admin: string, account: 'active' | 'pending', currency = 'idr') {
  const user = await buildUser(t.db);
  const series = await buildSeries(t, { title: `Series of ${user.username}` });
  const saved = await callEndpoint(t, 'adminSeriesPayeesUpdate', {
    cookie: admin,
    params: { id: series.id },
    body: [{ userId: user.id, role: 'author', shareBps: 10_000 }],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  await t.db
    .insert(payoutAccounts)
    .values({ userId: user.id, provider: 'test', providerAccountId: `acct_test_${user.id}`, status: account, currency });
  return { user, seriesId: series.id };
}

const statementOf = async (t: TestContext, payeeId: string, month: string) => {
  const [row] = await t.db
    .select()
    .from(payoutStatements)
    .where(and(eq(payoutStatements.payeeId, payeeId), eq(payoutStatements.month, month)));
  return row;
};

describe('a month in rupiah past 2^31 minor units', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("writes, sends and carries statements of 300,000,000 IDR a month, and the next month's", async () => {
    t.clock.set(at(1, 1, 0));
    const adminUser = await buildUser(t.db, { role: 'admin' });
    const admin = await loginAs(t.app, adminUser);
    await t.app.services.siteConfig.update({
      payouts: { feePercent: 20, currency: 'usd', coinValueCents: 100, minimumCents: 1000, exchangeRates: { idr: 0.000063 } },
    });
    const dewi = await payeeOf(t, admin, 'active');
    const eko = await payeeOf(t, admin, 'pending');
    // Thirty members a month, each paying a tier of 10,000,000.00 IDR: each fits an integer, their sum does not.
    for (const payee of [dewi, eko])
      for (let day = 1; day <= 30; day += 1)
        await allocateTierIncome(t.db, {
          purchaseId: randomUUID(),
          seriesId: payee.seriesId,
          currency: 'idr',
          amountCents: 1_000_000_000,
          now: at(1, day),
        });

    t.clock.set(at(2, 1, 2));
    await t.app.services.payoutMonths.closeMonths();
    await t.app.services.jobs.drain();
    expect(await statementOf(t, dewi.user.id, '2026-01')).toMatchObject({
      currency: 'idr',
      earnedCents: 30_000_000_000,
      feeCents: 6_000_000_000,
      amountCents: 24_000_000_000,
      carriedOutCents: 0,
      status: 'sent',
      providerTransferId: `tr_test_payout-${dewi.user.id}-2026-01`,
    });
    expect(await statementOf(t, eko.user.id, '2026-01')).toMatchObject({
      earnedCents: 30_000_000_000,
      amountCents: 0,
      carriedOutCents: 24_000_000_000,
      status: 'carried',
    });
    // Signed in afresh: the month's clock outruns a session.
    const listed = await callEndpoint(t, 'adminPayouts', { cookie: await loginAs(t.app, adminUser), query: '?month=2026-01' });
    expect(listed.status).toBe(200);
    expect(listed.body.data.totals).toEqual({
      sent: { idr: 24_000_000_000 },
      pending: {},
      failed: {},
      carried: { idr: 24_000_000_000 },
    });
    const earnings = await callEndpoint(t, 'myEarnings', { cookie: await loginAs(t.app, dewi.user), query: '?month=2026-01' });
    expect(earnings.status).toBe(200);
    expect(earnings.body.data.tiers.totals).toEqual({
      gross: { idr: 30_000_000_000 },
      fee: { idr: 6_000_000_000 },
      net: { idr: 24_000_000_000 },
    });

    // February: Eko's balance is carried in, a number (not text), and carried on again.
    t.clock.set(at(2, 10));
    await allocateTierIncome(t.db, {
      purchaseId: randomUUID(),
      seriesId: eko.seriesId,
      currency: 'idr',
      amountCents: 1_000_000_000,
      now: at(2, 10),
    });
    t.clock.set(at(3, 1, 2));
    await t.app.services.payoutMonths.closeMonths();
    await t.app.services.jobs.drain();
    expect(await statementOf(t, eko.user.id, '2026-02')).toMatchObject({
      earnedCents: 1_000_000_000,
      feeCents: 200_000_000,
      carriedInCents: 24_000_000_000,
      carriedOutCents: 24_800_000_000,
      status: 'carried',
    });
  });
});

describe("a failed transfer's money is never stuck", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is carried into the next month's statement when that month closes, unless the admin retried it", async () => {
    t.clock.set(at(1, 1, 0));
    const adminUser = await buildUser(t.db, { role: 'admin' });
    const admin = await loginAs(t.app, adminUser);
    await t.app.services.siteConfig.update({
      payouts: { feePercent: 20, currency: 'usd', coinValueCents: 100, minimumCents: 1000, exchangeRates: {} },
    });
    const [fia, gus] = [await payeeOf(t, admin, 'active', 'usd'), await payeeOf(t, admin, 'active', 'usd')];
    const refuse = (userId: string, refused: boolean) =>
      t.db
        .update(payoutAccounts)
        .set({ providerAccountId: refused ? `${REFUSED_TEST_PAYOUT_ACCOUNT}_${userId}` : `acct_test_${userId}` })
        .where(eq(payoutAccounts.userId, userId));
    const pay = (payee: { seriesId: string }, amountCents: number, when: Date) =>
      allocateTierIncome(t.db, { purchaseId: randomUUID(), seriesId: payee.seriesId, currency: 'usd', amountCents, now: when });
    await refuse(fia.user.id, true);
    await refuse(gus.user.id, true);
    await pay(fia, 5000, at(1, 10));
    await pay(gus, 5000, at(1, 10));
    t.clock.set(at(2, 1, 2));
    await t.app.services.payoutMonths.closeMonths();
    await t.app.services.jobs.drain();
    for (const payee of [fia, gus])
      expect(await statementOf(t, payee.user.id, '2026-01')).toMatchObject({ status: 'failed', amountCents: 4000 });

    // Both accounts are mended; the admin retries Gus's January, nobody retries Fia's.
    await refuse(fia.user.id, false);
    await refuse(gus.user.id, false);
    const gusJanuary = await statementOf(t, gus.user.id, '2026-01');
    const retried = await callEndpoint(t, 'adminPayoutRetry', {
      cookie: await loginAs(t.app, adminUser),
      params: { id: gusJanuary!.id },
    });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    await pay(fia, 1000, at(2, 10));
    await pay(gus, 1000, at(2, 10));
    t.clock.set(at(3, 1, 2));
    await t.app.services.payoutMonths.closeMonths();
    await t.app.services.jobs.drain();
    await t.app.services.payoutMonths.closeMonths();

    expect(await statementOf(t, fia.user.id, '2026-01')).toMatchObject({
      status: 'carried',
      amountCents: 0,
      carriedOutCents: 4000,
      failureReason: 'The test provider refused this account',
    });
    expect(await statementOf(t, fia.user.id, '2026-02')).toMatchObject({
      earnedCents: 1000,
      feeCents: 200,
      carriedInCents: 4000,
      amountCents: 4800,
      status: 'sent',
      providerTransferId: `tr_test_payout-${fia.user.id}-2026-02`,
    });
    expect(await statementOf(t, gus.user.id, '2026-01')).toMatchObject({ status: 'sent', amountCents: 4000, carriedOutCents: 0 });
    expect(await statementOf(t, gus.user.id, '2026-02')).toMatchObject({
      carriedInCents: 0,
      amountCents: 0,
      carriedOutCents: 800,
    });
    // A carried statement is no longer the admin's to retry.
    const january = await statementOf(t, fia.user.id, '2026-01');
    const again = await callEndpoint(t, 'adminPayoutRetry', {
      cookie: await loginAs(t.app, adminUser),
      params: { id: january!.id },
    });
    expect(again.status).toBe(409);
  });
});
