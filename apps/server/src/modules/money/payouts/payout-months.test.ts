import { fillPath, ROUTES, type Earnings } from '@inkwell/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { createTestApp, loginAs, startSecondInstance, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';
import { payoutMonths, plans, purchases, readingProgress, subscriptionAllocations, subscriptions } from '../../../db/schema';
import { rowsOf } from '../../../db/sql';
import { lastClosableMonth, monthsFromTo } from './payout-months';

/*
 * Issue 22 §2: a month's Premium subscriptions shared among series by the premium chapters
 * subscribers finished there, then among each series' payees, when the month closes.
 *
 * March 2026, with the clock on 2 April:
 * - Premium revenue: two monthly USD plans of 10.00 paid in March (a third was refunded; a coins-only
 *   GBP plan does not count), and a yearly EUR plan of 120.00 paid in January (10.00 a month); a
 *   yearly plan paid in March 2025 ended in February.
 * - Premium chapters finished by subscribers: Lantern 2, Harbour 1, Orchard 1 (Orchard has no
 *   payees). Left out: a free chapter, a chapter read after it turned free, an unfinished one, a
 *   reader without a plan, and a subscriber whose plan had ended.
 * So each currency's 20.00 / 10.00 goes half to Lantern (70 % Ana, 30 % Ben), a quarter to Harbour
 * (Cai) and a quarter stays with the site.
 */
const APRIL_2 = new Date('2026-04-02T09:00:00Z');
const march = (day: number, hour = 12) => new Date(Date.UTC(2026, 2, day, hour));

interface Scene {
  t: TestContext;
  ana: { id: string; cookie: string };
  ben: { id: string; cookie: string };
  cai: { id: string; cookie: string };
  lantern: string;
}

async function setScene(): Promise<Scene> {
  const t = await createTestApp();
  t.clock.set(APRIL_2);
  const payee = async () => {
    const user = await buildUser(t.db);
    return { id: user.id, cookie: await loginAs(t.app, user) };
  };
  const [ana, ben, cai] = [await payee(), await payee(), await payee()];
  const admin = await loginAs(t.app, await buildUser(t.db, { role: 'admin' }));
  const lantern = await buildSeries(t, { title: 'Lantern' });
  const harbour = await buildSeries(t, { title: 'Harbour' });
  const orchard = await buildSeries(t, { title: 'Orchard' });
  const setPayees = async (seriesId: string, body: unknown) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: fillPath(ROUTES.adminSeriesPayeesUpdate.path, { id: seriesId }),
      headers: { origin: TEST_ORIGIN, cookie: admin },
      payload: body as object,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  await setPayees(lantern.id, [
    { userId: ana.id, role: 'author', shareBps: 7000 },
    { userId: ben.id, role: 'artist', shareBps: 3000 },
  ]);
  await setPayees(harbour.id, [{ userId: cai.id, role: 'translator', shareBps: 10_000 }]);

  const published = { publishedAt: '2026-01-01T00:00:00.000Z' };
  const lanternFree = await buildChapter(t, lantern.id, { number: 1, ...published });
  const lanternPriced = await buildChapter(t, lantern.id, { number: 2, price: 30, ...published });
  const lanternEarly = await buildChapter(t, lantern.id, { number: 3, price: 30, freeAt: march(5).toISOString(), ...published });
  const harbourPriced = await buildChapter(t, harbour.id, { number: 1, price: 50, ...published });
  const harbourSecond = await buildChapter(t, harbour.id, { number: 2, price: 50, ...published });
  const orchardPriced = await buildChapter(t, orchard.id, { number: 1, price: 20, ...published });

  const [monthly, yearly, coinsOnly] = await t.db
    .insert(plans)
    .values([
      { name: 'Monthly', priceCents: 1000, currency: 'usd', interval: 'month' },
      { name: 'Yearly', priceCents: 12_000, currency: 'eur', interval: 'year' },
      { name: 'Coins club', priceCents: 500, currency: 'gbp', interval: 'month', includesPremium: false, coinsPerPeriod: 100 },
    ])
    .returning();

  /** A reader with a plan paid at `paidAt`, running from `from` to `to` (ended then, when `ended`). */
  const subscriber = async (
    plan: typeof monthly,
    paidAt: Date,
    from: Date,
    to: Date,
    { ended = false, refunded = false } = {},
  ) => {
    const user = await buildUser(t.db);
    const [purchase] = await t.db
      .insert(purchases)
      .values({
        userId: user.id,
        kind: 'plan',
        status: refunded ? 'refunded' : 'paid',
        planId: plan!.id,
        amountCents: plan!.priceCents,
        currency: plan!.currency,
        itemName: plan!.name,
        provider: 'test',
        createdAt: paidAt,
        paidAt,
        refundedAt: refunded ? march(20) : null,
      })
      .returning();
    await t.db.insert(subscriptions).values({
      userId: user.id,
      planId: plan!.id,
      purchaseId: purchase!.id,
      status: ended ? 'ended' : 'active',
      provider: 'test',
      currentPeriodStart: from,
      currentPeriodEnd: to,
      startedAt: from,
      endedAt: ended ? to : null,
    });
    return user.id;
  };
  /** A reading last opened at `readAt`, read to the end then (when `completed`) after its pages' time. */
  const finished = (userId: string, chapter: { id: string; seriesId: string }, readAt: Date, completed = true) =>
    t.db.insert(readingProgress).values({
      userId,
      chapterId: chapter.id,
      seriesId: chapter.seriesId,
      completed,
      readAt,
      finishCountsAt: new Date(readAt.getTime() - 60_000),
      finishedAt: completed ? readAt : null,
    });

  const usdOne = await subscriber(monthly, march(1, 8), march(1, 8), new Date('2026-04-01T08:00:00Z'));
  const usdTwo = await subscriber(monthly, march(3), march(3), new Date('2026-04-03T12:00:00Z'));
  await subscriber(monthly, march(4), march(4), new Date('2026-04-04T12:00:00Z'), { refunded: true });
  await subscriber(coinsOnly, march(4), march(4), new Date('2026-04-04T12:00:00Z'));
  const eurYear = await subscriber(
    yearly,
    new Date('2026-01-15T10:00:00Z'),
    new Date('2026-01-15T10:00:00Z'),
    new Date('2027-01-15T10:00:00Z'),
  );
  await subscriber(yearly, new Date('2025-03-10T10:00:00Z'), new Date('2025-03-10T10:00:00Z'), new Date('2026-03-10T10:00:00Z'), {
    ended: true,
  });
  const lapsed = await subscriber(monthly, new Date('2026-02-10T10:00:00Z'), new Date('2026-02-10T10:00:00Z'), march(10), {
    ended: true,
  });
  const noPlan = (await buildUser(t.db)).id;

  // Counted: Lantern 2, Harbour 1, Orchard 1.
  await finished(usdOne, lanternPriced, march(5));
  await finished(eurYear, lanternPriced, march(6));
  await finished(eurYear, harbourPriced, march(7));
  await finished(usdTwo, orchardPriced, march(8));
  // Not counted.
  await finished(usdOne, lanternFree, march(5));
  await finished(usdOne, lanternEarly, march(9));
  await finished(usdTwo, harbourSecond, march(9), false);
  await finished(noPlan, harbourPriced, march(9));
  await finished(lapsed, harbourSecond, march(20));
  await finished(usdTwo, harbourPriced, new Date('2026-04-01T12:00:00Z'));

  await t.app.services.siteConfig.update({ payouts: { feePercent: 25 } });
  return { t, ana, ben, cai, lantern: lantern.id };
}

async function earnings(t: TestContext, cookie: string, month: string): Promise<Earnings> {
  const response = await t.app.inject({
    method: 'GET',
    url: `${ROUTES.myEarnings.path}?month=${month}`,
    headers: { origin: TEST_ORIGIN, cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const closedMonths = async (t: TestContext) =>
  (await t.db.select({ month: payoutMonths.month }).from(payoutMonths).orderBy(payoutMonths.month)).map((row) => row.month);

describe('closing a payout month', () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await setScene();
  });
  afterAll(async () => {
    await scene?.t.close();
  });

  it('walks the months to close by their count, so even a walk to 9999-12 ends', () => {
    expect(monthsFromTo('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsFromTo('2026-03', '2026-03')).toEqual(['2026-03']);
    expect(monthsFromTo('2026-03', '2026-02')).toEqual([]);
    // The month after 9999-12 is written '+010000-01', which sorts before it: compared as strings, this never ended.
    expect(monthsFromTo('9999-11', '9999-12')).toEqual(['9999-11', '9999-12']);
  });

  it('closes the month before the current one an hour after it ended', () => {
    expect(lastClosableMonth(new Date('2026-04-01T00:59:00Z'))).toBe('2026-02');
    expect(lastClosableMonth(new Date('2026-04-01T01:00:00Z'))).toBe('2026-03');
    expect(lastClosableMonth(new Date('2026-01-01T01:00:00Z'))).toBe('2025-12');
  });

  it('shares March’s Premium revenue by the premium chapters subscribers finished, to the cent, with its fee fixed', async () => {
    const { t, ana, ben, cai } = scene;
    const open = await earnings(t, ana.cookie, '2026-03');
    expect(open).toMatchObject({ closed: false, feePercent: 25, subscriptions: { items: [] } });

    // Past the settings' few seconds of cache, as the hourly job finds them: the fee is read afresh.
    t.clock.set(new Date(APRIL_2.getTime() + 60_000));
    // Every month from the first paid plan (March 2025) to March 2026.
    expect(await t.app.services.payoutMonths.closeMonths()).toBe(13);
    expect(await t.app.services.payoutMonths.closeMonths()).toBe(0);
    expect((await closedMonths(t)).at(-1)).toBe('2026-03');

    const [row] = rowsOf<{ subscription_revenue: unknown; finished_chapters: number; fee_percent: number }>(
      await t.db.execute(
        sql`select subscription_revenue, finished_chapters, fee_percent from payout_months where month = '2026-03'`,
      ),
    );
    expect(row).toEqual({ subscription_revenue: { usd: 2000, eur: 1000 }, finished_chapters: 4, fee_percent: 25 });

    const lanternOf = (data: Earnings) =>
      data.subscriptions.items.map(({ currency, gross, fee, net }) => ({ currency, gross, fee, net }));
    const anaMarch = await earnings(t, ana.cookie, '2026-03');
    expect(anaMarch.closed).toBe(true);
    expect(lanternOf(anaMarch)).toEqual([
      { currency: 'usd', gross: 700, fee: 175, net: 525 },
      { currency: 'eur', gross: 350, fee: 87, net: 263 },
    ]);
    expect(anaMarch.subscriptions.items.every((item) => item.seriesTitle === 'Lantern')).toBe(true);
    expect(anaMarch.subscriptions.totals.gross).toEqual({ usd: 700, eur: 350 });
    expect(lanternOf(await earnings(t, ben.cookie, '2026-03'))).toEqual([
      { currency: 'usd', gross: 300, fee: 75, net: 225 },
      { currency: 'eur', gross: 150, fee: 37, net: 113 },
    ]);
    expect(lanternOf(await earnings(t, cai.cookie, '2026-03'))).toEqual([
      { currency: 'usd', gross: 500, fee: 125, net: 375 },
      { currency: 'eur', gross: 250, fee: 62, net: 188 },
    ]);

    // What the payees got plus the site's quarter (Orchard has no payees) is the month's revenue.
    const shared = rowsOf<{ currency: string; cents: number }>(
      await t.db.execute(
        sql`select currency, sum(amount_cents)::int as cents from subscription_allocations where month = '2026-03' group by currency order by currency`,
      ),
    );
    expect(shared).toEqual([
      { currency: 'eur', cents: 750 },
      { currency: 'usd', cents: 1500 },
    ]);
    // The months before shared nothing: no Premium chapter was finished in them.
    const earlier = await t.db
      .select()
      .from(subscriptionAllocations)
      .where(sql`month < '2026-03'`);
    expect(earlier).toEqual([]);

    // A new fee counts from the open month; the closed one keeps its own.
    await t.app.services.siteConfig.update({ payouts: { feePercent: 40 } });
    expect((await earnings(t, ana.cookie, '2026-03')).feePercent).toBe(25);
    expect(await earnings(t, ana.cookie, '2026-04')).toMatchObject({ closed: false, feePercent: 40 });

    const csv = await t.app.inject({
      method: 'GET',
      url: `${ROUTES.myEarningsCsv.path}?month=2026-03`,
      headers: { origin: TEST_ORIGIN, cookie: ana.cookie },
    });
    expect(csv.body.trim().split('\n')).toEqual([
      'month,series,unit,unlocks,bundles,gifts,subscriptions,gross,fee (25 %),net',
      '2026-03,Lantern,USD,,,,7.00,7.00,1.75,5.25',
      '2026-03,Lantern,EUR,,,,3.50,3.50,0.87,2.63',
      '2026-03,Total,coins,,,,,0,0,0',
      '2026-03,Total,USD,,,,7.00,7.00,1.75,5.25',
      '2026-03,Total,EUR,,,,3.50,3.50,0.87,2.63',
    ]);
  });
});

describe.skipIf(inject('testDatabase').kind !== 'postgres')('closing a payout month on two instances', () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await setScene();
  });
  afterAll(async () => {
    await scene?.t.close();
  });

  it('closes each month once and shares it once when both run at once', async () => {
    const { t } = scene;
    const other = await startSecondInstance(t);
    try {
      const closed = await Promise.all([
        t.app.services.payoutMonths.closeMonths(),
        other.app.services.payoutMonths.closeMonths(),
        t.app.services.payoutMonths.closeMonths(),
      ]);
      expect(closed.reduce((sum, n) => sum + n, 0)).toBe(13);
      expect(await closedMonths(t)).toHaveLength(13);
      const [{ rows, cents }] = rowsOf<{ rows: number; cents: number }>(
        await t.db.execute(sql`select count(*)::int as rows, sum(amount_cents)::int as cents from subscription_allocations`),
      ) as [{ rows: number; cents: number }];
      expect({ rows, cents }).toEqual({ rows: 6, cents: 2250 });
    } finally {
      await other.close();
    }
  });
});
