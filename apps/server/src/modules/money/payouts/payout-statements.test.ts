import { randomUUID } from 'node:crypto';
import { testPayoutOnboardingPagePath } from '@inkwell/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';
import { rowsOf } from '../../../db/sql';
import {
  auditLog,
  payoutAccounts,
  payoutStatements,
  plans,
  purchases,
  readingProgress,
  seriesPayees,
  subscriptions,
} from '../../../db/schema';
import { REFUSED_TEST_PAYOUT_ACCOUNT } from '../payments/providers/test-payout-provider';
import { moveCoins } from '../wallet';
import { allocate } from './allocations';
import { allocateTierIncome, refundTierIncome } from './commands/tier-income';

/*
 * Issue 38 §2: payouts over a quarter (January to March 2026), fee 20 %, 100 coins = 1.00 USD,
 * minimum 10.00 USD, 1 EUR = 1.50 USD. Lantern: Ana 70 %, Ben 30 %; Harbour: Cai 100 %.
 *
 * January: 1,001 coins spent on Lantern (Ana 701, Ben 300), a Premium plan of 10.00 USD whose
 *   subscriber reads Lantern (Ana 7.00, Ben 3.00), a Harbour tier paid 20.05 USD (Cai). Ana and Cai
 *   have active accounts, Ben none.
 *   Ana 14.01 − 2.80 = 11.21 sent; Ben 4.80 carried (no account); Cai 20.05 − 4.01 = 16.04 sent.
 * February: the January tier payment is refunded (Cai −16.04, taken from February); 50 coins on
 *   Lantern (Ana 35, Ben 15), 100 on Harbour. Ben connects an account.
 *   Ana 0.28 carried (below the minimum); Ben 0.12 + 4.80 = 4.92 carried; Cai 0.80 − 16.04 = −15.24 carried.
 * March: a Lantern tier paid 10.00 EUR (Ana 7.00 = 10.50 USD, Ben 3.00 = 4.50 USD), 500 coins on
 *   Lantern (Ana 350, Ben 150), 2,000 on Harbour. Ana's transfer is refused, then retried.
 *   Ana 8.40 + 2.80 + 0.28 = 11.48 sent after a retry; Ben 3.60 + 1.20 + 4.92 = 9.72 carried;
 *   Cai 16.00 − 15.24 = 0.76 carried.
 * So: sent 11.21 + 16.04 + 11.48, carried 9.72 + 0.76: 49.21 USD, each payee's shares after the fee.
 */
const at = (month: number, day: number, hour = 12) => new Date(Date.UTC(2026, month - 1, day, hour));

/** A payee, signed in afresh at each call (the quarter's clock outruns a session). */
interface Payee {
  id: string;
  readonly cookie: Promise<string>;
}
interface Quarter {
  t: TestContext;
  readonly admin: Promise<string>;
  ana: Payee;
  ben: Payee;
  cai: Payee;
  lantern: { id: string; title: string };
  harbour: { id: string; title: string };
}

async function setQuarter(): Promise<Quarter> {
  const t = await createTestApp();
  t.clock.set(at(1, 1, 0));
  const payee = async (role: 'reader' | 'admin' = 'reader'): Promise<Payee> => {
    const user = await buildUser(t.db, { role });
    return {
      id: user.id,
      get cookie() {
        return loginAs(t.app, user);
      },
    };
  };
  const [ana, ben, cai, adminUser] = [await payee(), await payee(), await payee(), await payee('admin')];
  const lantern = await buildSeries(t, { title: 'Lantern' });
  const harbour = await buildSeries(t, { title: 'Harbour' });
  for (const [seriesId, body] of [
    [
      lantern.id,
      [
        { userId: ana.id, role: 'author', shareBps: 7000 },
        { userId: ben.id, role: 'artist', shareBps: 3000 },
      ],
    ],
    [harbour.id, [{ userId: cai.id, role: 'translator', shareBps: 10_000 }]],
  ] as const) {
    const saved = await callEndpoint(t, 'adminSeriesPayeesUpdate', {
      cookie: await adminUser.cookie,
      params: { id: seriesId },
      body,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  await t.app.services.siteConfig.update({
    payouts: { feePercent: 20, currency: 'usd', coinValueCents: 100, minimumCents: 1000, exchangeRates: { eur: 1.5 } },
  });
  return {
    t,
    get admin() {
      return adminUser.cookie;
    },
    ana,
    ben,
    cai,
    lantern: { id: lantern.id, title: 'Lantern' },
    harbour: { id: harbour.id, title: 'Harbour' },
  };
}

/** A reader spends `coins` in a series at `when`: the ledger's debit and its split among the payees, as an unlock does. */
async function spend(t: TestContext, series: { id: string; title: string }, coins: number, when: Date) {
  const reader = await buildUser(t.db);
  await moveCoins(t.db, { userId: reader.id, delta: coins, kind: 'adjustment', reason: 'For the quarter' });
  await t.db.transaction(async (tx) => {
    const debit = await moveCoins(tx, { userId: reader.id, delta: -coins, kind: 'unlock', reason: 'Chapters of the quarter' });
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

/** A reader with a monthly Premium plan paid at `paidAt` who finishes a priced chapter of `seriesId` two days later. */
async function premiumReader(t: TestContext, seriesId: string, paidAt: Date) {
  const [plan] = await t.db
    .insert(plans)
    .values({ name: `Monthly ${randomUUID().slice(0, 6)}`, priceCents: 1000, currency: 'usd', interval: 'month' })
    .returning();
  const user = await buildUser(t.db);
  const [purchase] = await t.db
    .insert(purchases)
    .values({
      userId: user.id,
      kind: 'plan',
      status: 'paid',
      planId: plan!.id,
      amountCents: 1000,
      currency: 'usd',
      itemName: plan!.name,
      provider: 'test',
      createdAt: paidAt,
      paidAt,
    })
    .returning();
  const end = new Date(paidAt.getTime() + 30 * 86_400_000);
  await t.db.insert(subscriptions).values({
    userId: user.id,
    planId: plan!.id,
    purchaseId: purchase!.id,
    status: 'active',
    provider: 'test',
    currentPeriodStart: paidAt,
    currentPeriodEnd: end,
    startedAt: paidAt,
  });
  const chapter = await buildChapter(t, seriesId, { number: 90, price: 30, publishedAt: '2025-12-01T00:00:00.000Z' });
  const readAt = new Date(paidAt.getTime() + 2 * 86_400_000);
  await t.db.insert(readingProgress).values({
    userId: user.id,
    chapterId: chapter.id,
    seriesId,
    completed: true,
    readAt,
    finishCountsAt: new Date(readAt.getTime() - 60_000),
    finishedAt: readAt,
  });
}

/** Connects a payee's payout account through the built-in test provider, as its onboarding page does. */
async function connect(t: TestContext, payee: Payee) {
  const started = await callEndpoint(t, 'myPayoutAccountStart', { cookie: await payee.cookie, body: {} });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const done = await callEndpoint(t, 'testPayoutOnboardingComplete', { cookie: await payee.cookie });
  expect(done.body.data.status).toBe('active');
}

/** The month's close an hour and more after it ended, and its transfers' jobs. */
async function closeMonth(t: TestContext, month: number) {
  t.clock.set(at(month + 1, 1, 2));
  await t.app.services.payoutMonths.closeMonths();
  await t.app.services.jobs.drain();
}

const statementOf = async (t: TestContext, payeeId: string, month: string) => {
  const [row] = await t.db
    .select()
    .from(payoutStatements)
    .where(and(eq(payoutStatements.payeeId, payeeId), eq(payoutStatements.month, month)));
  return row;
};
const figures = (row: typeof payoutStatements.$inferSelect | undefined) =>
  row && {
    earned: row.earnedCents,
    fee: row.feeCents,
    adjustments: row.adjustmentsCents,
    carriedIn: row.carriedInCents,
    amount: row.amountCents,
    carriedOut: row.carriedOutCents,
    status: row.status,
  };

describe('payout accounts through the built-in test provider', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('goes from none to pending at the onboarding link, and to active on the test page, with one account', async () => {
    const user = await buildUser(t.db);
    // Only a payee connects an account (payout-account-access.test.ts).
    await t.db
      .insert(seriesPayees)
      .values({ seriesId: (await buildSeries(t)).id, userId: user.id, role: 'author', shareBps: 10_000 });
    const cookie = await loginAs(t.app, user);
    const before = await callEndpoint(t, 'myPayoutAccount', { cookie });
    expect(before.body.data).toEqual({
      status: 'none',
      provider: null,
      currency: null,
      minimumCents: 2000,
      minimumCurrency: 'usd',
    });
    const early = await callEndpoint(t, 'testPayoutOnboardingComplete', { cookie });
    expect(early.status).toBe(404);

    const started = await callEndpoint(t, 'myPayoutAccountStart', { cookie, body: { currency: 'usd' } });
    expect(started.body.data).toEqual({ onboardingUrl: testPayoutOnboardingPagePath });
    expect((await callEndpoint(t, 'myPayoutAccount', { cookie })).body.data).toEqual({
      status: 'pending',
      provider: 'test',
      currency: 'usd',
      minimumCents: 2000,
      minimumCurrency: 'usd',
    });
    const again = await callEndpoint(t, 'myPayoutAccountStart', { cookie, body: {} });
    expect(again.status).toBe(200);
    const done = await callEndpoint(t, 'testPayoutOnboardingComplete', { cookie });
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('active');
    expect((await callEndpoint(t, 'myPayoutAccount', { cookie })).body.data.status).toBe('active');
    const rows = await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, user.id));
    expect(rows.map((row) => [row.provider, row.providerAccountId, row.status])).toEqual([
      ['test', `acct_test_${user.id}`, 'active'],
    ]);
  });
});

describe('a quarter of payouts', () => {
  let q: Quarter;
  beforeAll(async () => {
    q = await setQuarter();
  });
  afterAll(async () => {
    await q?.t.close();
  });

  it('January: sends to the active accounts once, carries the one without', async () => {
    const { t, ana, ben, cai, lantern, harbour } = q;
    await connect(t, ana);
    await connect(t, cai);
    await spend(t, lantern, 1001, at(1, 3));
    await premiumReader(t, lantern.id, at(1, 5));
    await allocateTierIncome(t.db, {
      purchaseId: JANUARY_TIER,
      seriesId: harbour.id,
      currency: 'usd',
      amountCents: 2005,
      now: at(1, 20),
    });
    await closeMonth(t, 1);
    // A second run (a retry, the next hour's tick) writes and sends nothing more.
    await t.app.services.payoutMonths.closeMonths();
    await t.app.services.jobs.drain();

    expect(figures(await statementOf(t, ana.id, '2026-01'))).toEqual({
      earned: 1401,
      fee: 280,
      adjustments: 0,
      carriedIn: 0,
      amount: 1121,
      carriedOut: 0,
      status: 'sent',
    });
    expect(figures(await statementOf(t, ben.id, '2026-01'))).toMatchObject({
      earned: 600,
      fee: 120,
      amount: 0,
      carriedOut: 480,
      status: 'carried',
    });
    const caiJanuary = await statementOf(t, cai.id, '2026-01');
    expect(figures(caiJanuary)).toMatchObject({ earned: 2005, fee: 401, amount: 1604, status: 'sent' });
    expect(caiJanuary!.providerTransferId).toBe(`tr_test_payout-${cai.id}-2026-01`);
    expect(caiJanuary!.attempts).toBe(1);

    const earnings = await callEndpoint(t, 'myEarnings', { cookie: await cai.cookie, query: '?month=2026-01' });
    expect(earnings.body.data.tiers).toEqual({
      items: [{ seriesId: harbour.id, seriesTitle: 'Harbour', currency: 'usd', gross: 2005, fee: 401, net: 1604 }],
      totals: { gross: { usd: 2005 }, fee: { usd: 401 }, net: { usd: 1604 } },
    });

    const mine = await callEndpoint(t, 'myPayoutStatement', { cookie: await ana.cookie, params: { month: '2026-01' } });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ month: '2026-01', currency: 'usd', amountCents: 1121, status: 'sent' });
    expect(
      mine.body.data.items.map((item: { source: string; earnedCents: number; seriesTitle: string }) => [
        item.seriesTitle,
        item.source,
        item.earnedCents,
      ]),
    ).toEqual([
      ['Lantern', 'coins', 701],
      ['Lantern', 'subscriptions', 700],
    ]);
  });

  it('February: a refund of January is taken from February, balances below the minimum (or below zero) carry on', async () => {
    const { t, ana, ben, cai, lantern, harbour } = q;
    t.clock.set(at(2, 2));
    await refundTierIncome(t.db, { purchaseId: JANUARY_TIER, now: at(2, 3) });
    await spend(t, lantern, 50, at(2, 4));
    await spend(t, harbour, 100, at(2, 5));
    await connect(t, ben);
    await closeMonth(t, 2);

    expect(figures(await statementOf(t, ana.id, '2026-02'))).toMatchObject({
      earned: 35,
      fee: 7,
      amount: 0,
      carriedOut: 28,
      status: 'carried',
    });
    expect(figures(await statementOf(t, ben.id, '2026-02'))).toMatchObject({
      carriedIn: 480,
      amount: 0,
      carriedOut: 492,
      status: 'carried',
    });
    expect(figures(await statementOf(t, cai.id, '2026-02'))).toEqual({
      earned: 100,
      fee: 20,
      adjustments: -1604,
      carriedIn: 0,
      amount: 0,
      carriedOut: -1524,
      status: 'carried',
    });
  });

  it('March: a refused transfer is shown to the admin first, and the admin retries it once', async () => {
    const { t, ana, ben, cai, lantern, harbour } = q;
    t.clock.set(at(3, 1));
    await allocateTierIncome(t.db, {
      purchaseId: randomUUID(),
      seriesId: lantern.id,
      currency: 'eur',
      amountCents: 1000,
      now: at(3, 2),
    });
    await spend(t, lantern, 500, at(3, 4));
    await spend(t, harbour, 2000, at(3, 5));
    await t.db
      .update(payoutAccounts)
      .set({ providerAccountId: `${REFUSED_TEST_PAYOUT_ACCOUNT}_${ana.id}` })
      .where(eq(payoutAccounts.userId, ana.id));
    await closeMonth(t, 3);

    const listed = await callEndpoint(t, 'adminPayouts', { cookie: await q.admin, query: '?month=2026-03' });
    expect(listed.status).toBe(200);
    expect(
      listed.body.data.items.map((item: { payee: { id: string }; status: string }) => [item.payee.id, item.status])[0],
    ).toEqual([ana.id, 'failed']);
    expect(listed.body.data.totals).toEqual({ sent: {}, pending: {}, failed: { usd: 1148 }, carried: { usd: 1048 } });
    const failedOnly = await callEndpoint(t, 'adminPayouts', { cookie: await q.admin, query: '?month=2026-03&status=failed' });
    expect(failedOnly.body.data.items).toHaveLength(1);
    const failed = listed.body.data.items[0];
    expect(failed).toMatchObject({ amountCents: 1148, attempts: 1, failureReason: 'The test provider refused this account' });

    await t.db
      .update(payoutAccounts)
      .set({ providerAccountId: `acct_test_${ana.id}` })
      .where(eq(payoutAccounts.userId, ana.id));
    const retried = await callEndpoint(t, 'adminPayoutRetry', { cookie: await q.admin, params: { id: failed.id } });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data).toMatchObject({
      status: 'sent',
      transferId: `tr_test_payout-${ana.id}-2026-03-retry1`,
      attempts: 2,
    });
    const twice = await callEndpoint(t, 'adminPayoutRetry', { cookie: await q.admin, params: { id: failed.id } });
    expect(twice.status).toBe(409);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'adminPayoutRetry'));
    expect(audited.map((entry) => entry.targetId)).toEqual([failed.id]);
    await t.app.services.jobs.drain();
    expect((await statementOf(t, ana.id, '2026-03'))!.status).toBe('sent');

    expect(figures(await statementOf(t, ben.id, '2026-03'))).toMatchObject({
      earned: 600,
      fee: 120,
      carriedIn: 492,
      carriedOut: 972,
    });
    expect(figures(await statementOf(t, cai.id, '2026-03'))).toMatchObject({
      earned: 2000,
      fee: 400,
      carriedIn: -1524,
      carriedOut: 76,
    });
    const listedMine = await callEndpoint(t, 'myPayouts', { cookie: await ana.cookie });
    expect(listedMine.body.data.items.map((item: { month: string }) => item.month)).toEqual(['2026-03', '2026-02', '2026-01']);
  });

  it('reconciles the quarter to the cent: transfers sent plus balances carried are the payees’ shares after the fee', async () => {
    const { t, ana, ben, cai } = q;
    const [sums] = rowsOf<{ sent: number; unsettled: number; carried: number }>(
      await t.db.execute(sql`select
          (select coalesce(sum(amount_cents), 0)::int from payout_statements where status = 'sent') as sent,
          (select count(*)::int from payout_statements where status in ('pending', 'failed')) as unsettled,
          (select coalesce(sum(carried_out_cents), 0)::int from payout_statements where month = '2026-03') as carried`),
    );
    // The payees' shares from the allocations themselves: each month's line (payee, series, source,
    // currency) in USD cents (1 coin = 1 cent, 1 EUR = 1.50 USD) less 20 % rounded down; a refund
    // takes back what its payment's line brought.
    const lines = rowsOf<{ payee_id: string; gross: number }>(
      await t.db.execute(sql`
        select payee_id, sum(coins)::int as gross from revenue_allocations
          group by payee_id, series_id, to_char(created_at at time zone 'UTC', 'YYYY-MM')
        union all
        select payee_id, sum(amount_cents)::int from subscription_allocations group by payee_id, series_id, currency, month
        union all
        select payee_id, (sum(amount_cents) * case when currency = 'eur' then 1.5 else 1 end)::int from tier_allocations
          group by payee_id, series_id, currency, purchase_id, kind`),
    );
    const net = (gross: number) => Math.sign(gross) * (Math.abs(gross) - Math.floor(Math.abs(gross) / 5));
    const shares = new Map<string, number>();
    for (const line of lines) shares.set(line.payee_id, (shares.get(line.payee_id) ?? 0) + net(line.gross));
    expect(Object.fromEntries(shares)).toEqual({
      [ana.id]: 561 + 560 + 28 + 840 + 280,
      [ben.id]: 240 + 240 + 12 + 360 + 120,
      [cai.id]: 1604 - 1604 + 80 + 1600,
    });
    expect(sums).toEqual({ sent: 1121 + 1604 + 1148, unsettled: 0, carried: 972 + 76 });
    expect(sums!.sent + sums!.carried).toBe([...shares.values()].reduce((sum, cents) => sum + cents, 0));
    expect(sums!.sent + sums!.carried).toBe(4921);

    // The payee's own copy of their data holds their account and statements (issue 36 §3).
    const exported = await callEndpoint(t, 'accountExport', { cookie: await cai.cookie });
    expect(exported.status).toBe(200);
    const earnings = (typeof exported.body === 'string' ? JSON.parse(exported.body) : exported.body).earnings;
    expect(earnings.payoutAccount).toMatchObject({ provider: 'test', status: 'active', currency: 'usd' });
    expect(earnings.statements.map((row: { month: string; status: string }) => [row.month, row.status])).toEqual([
      ['2026-01', 'sent'],
      ['2026-02', 'carried'],
      ['2026-03', 'carried'],
    ]);
    expect(earnings.tiers.map((row: { amountCents: number; kind: string }) => [row.amountCents, row.kind])).toEqual([
      [2005, 'payment'],
      [-2005, 'refund'],
    ]);
  });
});

const JANUARY_TIER = randomUUID();
