import { ROUTES, type AdminMetrics, type EndpointName, type TeamMetrics } from '@inkwell/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../test/factories';
import { createTestApp, loginAs, TEST_ORIGIN, type TestContext } from '../../../test/helpers';
import { NIL_UUID } from '../../db/schema';
import { rowsOf } from '../../db/sql';

/**
 * A small known week, 2025-03-01 … 03-07 (UTC), with things just outside it, and the clock at
 * noon of its last day. Everyone logging in was created "now" by the factory, outside the week.
 */
const NOW = new Date('2025-03-07T12:00:00Z');
const WEEK = '?from=2025-03-01&to=2025-03-07';
const ts = (iso: string) => sql`${iso}::timestamptz`;

let t: TestContext;
const cookies: Record<'reader' | 'editor' | 'admin', string> = { reader: '', editor: '', admin: '' };
let alpha: { id: string; title: string };
let beta: { id: string; title: string };
let a1: string;
let a2: string;
let b1: string;

async function call(name: EndpointName, query = '', cookie?: string) {
  const response = await t.app.inject({
    method: ROUTES[name].method,
    url: ROUTES[name].path + query,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
  return { status: response.statusCode, body: response.json() };
}
const teamMetrics = async (query: string) => {
  const response = await call('teamMetrics', query, cookies.editor);
  expect(response.status).toBe(200);
  return response.body.data as TeamMetrics;
};
const adminMetrics = async (query: string) => {
  const response = await call('adminMetrics', query, cookies.admin);
  expect(response.status).toBe(200);
  return response.body.data as AdminMetrics;
};
const exec = (query: ReturnType<typeof sql>) => t.db.execute(query);
const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await exec(query))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  for (const role of ['reader', 'editor', 'admin'] as const)
    cookies[role] = await loginAs(t.app, await buildUser(t.db, { role }));

  alpha = await buildSeries(t, { title: 'Alpha Tides' });
  beta = await buildSeries(t, { title: 'Beta Lanterns' });
  a1 = (await buildChapter(t, alpha.id, { number: 1, price: 10 })).id;
  a2 = (await buildChapter(t, alpha.id, { number: 2, price: 20 })).id;
  b1 = (await buildChapter(t, beta.id, { number: 1, price: 5 })).id;
  // Scheduled: tomorrow.
  await buildChapter(t, beta.id, { number: 2, publishedAt: '2025-03-08T09:00:00Z' });

  // Three readers who signed up in the week (two on the 2nd, one late on the 7th).
  const [r1, r2, r3] = [await buildUser(t.db), await buildUser(t.db), await buildUser(t.db)];
  await exec(sql`update users set created_at = ${ts('2025-03-02T08:00:00Z')} where id = ${r1!.id}`);
  await exec(sql`update users set created_at = ${ts('2025-03-02T20:00:00Z')} where id = ${r2!.id}`);
  await exec(sql`update users set created_at = ${ts('2025-03-07T23:00:00Z')} where id = ${r3!.id}`);

  // Views: 10 on the 2nd (alpha's page 5, A1 3, beta's page 2), 11 on the 4th (A2 7, B1 4); 100 the day before the week.
  await exec(sql`insert into daily_views (day, series_id, chapter_id, views) values
    ('2025-03-02', ${alpha.id}, ${NIL_UUID}, 5), ('2025-03-02', ${alpha.id}, ${a1}, 3), ('2025-03-02', ${beta.id}, ${NIL_UUID}, 2),
    ('2025-03-04', ${alpha.id}, ${a2}, 7), ('2025-03-04', ${beta.id}, ${b1}, 4),
    ('2025-02-28', ${alpha.id}, ${NIL_UUID}, 100)`);

  // Followers: one at the week's first instant, two on the 3rd; one at the first instant after it.
  const admin = await one<{ id: string }>(sql`select id from users where role = 'admin' limit 1`);
  await exec(sql`insert into bookmarks (user_id, series_id, created_at) values
    (${r1!.id}, ${alpha.id}, ${ts('2025-03-01T00:00:00Z')}), (${r2!.id}, ${alpha.id}, ${ts('2025-03-03T10:00:00Z')}),
    (${r3!.id}, ${beta.id}, ${ts('2025-03-03T11:00:00Z')}), (${admin.id}, ${beta.id}, ${ts('2025-03-08T00:00:00Z')})`);

  // Comments: the last second of the 3rd, two on the 5th (one reported, one reported and hidden).
  await exec(sql`insert into comments (user_id, series_id, body, created_at, report_count, hidden_at) values
    (${r1!.id}, ${alpha.id}, 'late one', ${ts('2025-03-03T23:59:59Z')}, 0, null),
    (${r2!.id}, ${alpha.id}, 'reported', ${ts('2025-03-05T09:00:00Z')}, 2, null),
    (${r3!.id}, ${beta.id}, 'hidden', ${ts('2025-03-05T10:00:00Z')}, 1, ${ts('2025-03-05T11:00:00Z')})`);

  // Money. Packages and plans (a yearly plan in usd, a monthly one in gbp).
  const pkg = await one<{ id: string }>(
    sql`insert into coin_packages (name, coins, price_cents, currency) values ('Pouch', 100, 1000, 'usd') returning id`,
  );
  const yearly = await one<{ id: string }>(
    sql`insert into plans (name, price_cents, currency, interval) values ('Yearly', 12000, 'usd', 'year') returning id`,
  );
  const monthly = await one<{ id: string }>(
    sql`insert into plans (name, price_cents, currency, interval) values ('Monthly', 500, 'gbp', 'month') returning id`,
  );
  const purchase = async (values: {
    user: string;
    kind: 'coins' | 'plan';
    status: string;
    cents: number;
    currency: string;
    coins?: number;
    plan?: string;
    paidAt?: string;
    refundedAt?: string;
  }) =>
    (
      await one<{ id: string }>(sql`insert into purchases
        (user_id, kind, status, package_id, plan_id, amount_cents, currency, coins, item_name, provider, created_at, paid_at, refunded_at)
        values (${values.user}, ${values.kind}, ${values.status}, ${values.kind === 'coins' ? pkg.id : null}, ${values.plan ?? null},
          ${values.cents}, ${values.currency}, ${values.coins ?? 0}, 'item', 'test', ${ts(values.paidAt ?? '2025-03-03T00:00:00Z')},
          ${values.paidAt ? ts(values.paidAt) : null}, ${values.refundedAt ? ts(values.refundedAt) : null})
        returning id`)
    ).id;
  const ledger = async (user: string, delta: number, kind: string, at: string, purchaseId?: string, chapterId?: string) =>
    (
      await one<{
        id: string;
      }>(sql`insert into coin_ledger (user_id, delta, kind, balance_after, reason, purchase_id, chapter_id, created_at)
        values (${user}, ${delta}, ${kind}, 1000, 'seed', ${purchaseId ?? null}, ${chapterId ?? null}, ${ts(at)}) returning id`)
    ).id;

  // 03-01: 100 coins for $10. 03-02: 50 coins for $6, refunded on the 5th. 03-03: 200 coins for €15.
  const p1 = await purchase({
    user: r1!.id,
    kind: 'coins',
    status: 'paid',
    cents: 1000,
    currency: 'usd',
    coins: 100,
    paidAt: '2025-03-01T10:00:00Z',
  });
  await ledger(r1!.id, 100, 'purchase', '2025-03-01T10:00:00Z', p1);
  const p2 = await purchase({
    user: r2!.id,
    kind: 'coins',
    status: 'refunded',
    cents: 600,
    currency: 'usd',
    coins: 50,
    paidAt: '2025-03-02T10:00:00Z',
    refundedAt: '2025-03-05T10:00:00Z',
  });
  await ledger(r2!.id, 50, 'purchase', '2025-03-02T10:00:00Z', p2);
  await ledger(r2!.id, -50, 'refund', '2025-03-05T10:00:00Z', p2);
  const p3 = await purchase({
    user: r3!.id,
    kind: 'coins',
    status: 'paid',
    cents: 1500,
    currency: 'eur',
    coins: 200,
    paidAt: '2025-03-03T15:00:00Z',
  });
  await ledger(r3!.id, 200, 'purchase', '2025-03-03T15:00:00Z', p3);
  // Not money: a pending checkout in the week; after it, a paid one that must not move the week's coin value.
  await purchase({ user: r3!.id, kind: 'coins', status: 'pending', cents: 999, currency: 'usd', coins: 100 });
  await purchase({
    user: r3!.id,
    kind: 'coins',
    status: 'paid',
    cents: 99_000,
    currency: 'usd',
    coins: 1,
    paidAt: '2025-04-01T10:00:00Z',
  });

  // 03-04: r1 takes the yearly plan ($120, MRR $10) with 30 coins; r2 has had the monthly one (£5) since February, ended on the 6th.
  const p4 = await purchase({
    user: r1!.id,
    kind: 'plan',
    status: 'paid',
    cents: 12000,
    currency: 'usd',
    plan: yearly.id,
    paidAt: '2025-03-04T09:00:00Z',
  });
  await exec(sql`insert into subscriptions (user_id, plan_id, purchase_id, status, provider, current_period_start, current_period_end, started_at)
    values (${r1!.id}, ${yearly.id}, ${p4}, 'active', 'test', ${ts('2025-03-04T09:00:00Z')}, ${ts('2026-03-04T09:00:00Z')}, ${ts('2025-03-04T09:00:00Z')})`);
  await ledger(r1!.id, 30, 'subscription_coins', '2025-03-04T09:00:00Z', p4);
  const p5 = await purchase({
    user: r2!.id,
    kind: 'plan',
    status: 'paid',
    cents: 500,
    currency: 'gbp',
    plan: monthly.id,
    paidAt: '2025-02-10T09:00:00Z',
  });
  await exec(sql`insert into subscriptions (user_id, plan_id, purchase_id, status, provider, current_period_start, current_period_end, started_at, ended_at)
    values (${r2!.id}, ${monthly.id}, ${p5}, 'ended', 'test', ${ts('2025-02-10T09:00:00Z')}, ${ts('2025-03-10T09:00:00Z')},
      ${ts('2025-02-10T09:00:00Z')}, ${ts('2025-03-06T12:00:00Z')})`);

  // Unlocks: A1 twice on the 2nd (10 each), A2 on the 4th (20), B1 on the 6th (5); one after the week.
  const unlock = async (user: string, chapter: string, coins: number, at: string) => {
    const ledgerId = await ledger(user, -coins, 'unlock', at, undefined, chapter);
    await exec(
      sql`insert into chapter_unlocks (user_id, chapter_id, coins, ledger_id, created_at) values (${user}, ${chapter}, ${coins}, ${ledgerId}, ${ts(at)})`,
    );
  };
  await unlock(r1!.id, a1, 10, '2025-03-02T12:00:00Z');
  await unlock(r2!.id, a1, 10, '2025-03-02T13:00:00Z');
  await unlock(r1!.id, a2, 20, '2025-03-04T12:00:00Z');
  await unlock(r2!.id, b1, 5, '2025-03-06T12:00:00Z');
  await unlock(r3!.id, b1, 5, '2025-03-09T12:00:00Z');
});
afterAll(async () => {
  await t?.close();
});

const WEEK_DAYS = ['2025-03-01', '2025-03-02', '2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07'];

describe('TEAM/metrics', () => {
  it('counts views, followers, comments and unlocks per UTC day, every day of the range present', async () => {
    const data = await teamMetrics(WEEK);
    expect(data.range).toEqual({ from: '2025-03-01', to: '2025-03-07', days: 7 });
    expect(data.days.map((day) => day.day)).toEqual(WEEK_DAYS);
    expect(data.days.map((day) => day.views)).toEqual([0, 10, 0, 11, 0, 0, 0]);
    expect(data.days.map((day) => day.followers)).toEqual([1, 0, 2, 0, 0, 0, 0]);
    expect(data.days.map((day) => day.comments)).toEqual([0, 0, 1, 0, 2, 0, 0]);
    expect(data.days.map((day) => day.unlocks)).toEqual([0, 2, 0, 1, 0, 1, 0]);
    expect(data.days.map((day) => day.unlockCoins)).toEqual([0, 20, 0, 20, 0, 5, 0]);
    expect(data.totals).toEqual({ views: 21, followers: 3, comments: 3, unlocks: 4, unlockCoins: 45 });
  });

  it('ranks series and chapters by views, and chapters by unlocks with their coins', async () => {
    const data = await teamMetrics(WEEK);
    expect(data.topSeries.map((s) => [s.title, s.views])).toEqual([
      ['Alpha Tides', 15],
      ['Beta Lanterns', 6],
    ]);
    expect(data.topChapters.map((c) => [c.seriesTitle, c.number, c.views])).toEqual([
      ['Alpha Tides', 2, 7],
      ['Beta Lanterns', 1, 4],
      ['Alpha Tides', 1, 3],
    ]);
    expect(data.topUnlocks.map((c) => [c.chapterId, c.unlocks, c.coins])).toEqual([
      [a1, 2, 20],
      [a2, 1, 20],
      [b1, 1, 5],
    ]);
    expect(data.topUnlocks[0]).toMatchObject({ seriesId: alpha.id, seriesTitle: 'Alpha Tides', seriesSlug: expect.any(String) });
  });

  it('gives what waits now: reported comments not hidden yet, and scheduled chapters', async () => {
    expect((await teamMetrics(WEEK)).now).toEqual({ reportedComments: 1, scheduledChapters: 1 });
  });

  it('answers one day (the dashboard home’s today) and the last 30 days when no range is given', async () => {
    const today = await teamMetrics('?from=2025-03-04&to=2025-03-04');
    expect(today.days).toEqual([{ day: '2025-03-04', views: 11, followers: 0, comments: 0, unlocks: 1, unlockCoins: 20 }]);
    const fallback = await teamMetrics('');
    expect(fallback.range).toEqual({ from: '2025-02-06', to: '2025-03-07', days: 30 });
    expect(fallback.days).toHaveLength(30);
    // The day before the week is in these 30 days.
    expect(fallback.totals.views).toBe(121);
  });
});

describe('ADMIN/metrics', () => {
  it('gives revenue per day and currency, a refund taken off on its own day', async () => {
    const data = await adminMetrics(WEEK);
    expect(data.days.map((day) => day.day)).toEqual(WEEK_DAYS);
    const zero = { usd: 0, eur: 0, gbp: 0 };
    expect(data.days.map((day) => day.paid)).toEqual([
      { ...zero, usd: 1000 },
      { ...zero, usd: 600 },
      { ...zero, eur: 1500 },
      { ...zero, usd: 12000 },
      zero,
      zero,
      zero,
    ]);
    expect(data.days.map((day) => day.refunded)).toEqual([zero, zero, zero, zero, { ...zero, usd: 600 }, zero, zero]);
    expect(data.days[4]!.net).toEqual({ ...zero, usd: -600 });
    expect(data.totals.net).toEqual({ usd: 13000, eur: 1500, gbp: 0 });
  });

  it('puts coins sold (purchases and subscription coins) against coins spent on unlocks', async () => {
    const data = await adminMetrics(WEEK);
    expect(data.days.map((day) => day.coinsSold)).toEqual([100, 50, 200, 30, 0, 0, 0]);
    expect(data.days.map((day) => day.coinsSpent)).toEqual([0, 20, 0, 20, 0, 5, 0]);
    expect(data.totals).toMatchObject({ coinsSold: 380, coinsSpent: 45 });
  });

  it('values coins spent per series at the average price of paid coin purchases', async () => {
    const data = await adminMetrics(WEEK);
    // Paid coin purchases up to the week's end: 300 coins for $10 and €15 (the refunded one left out, April's not yet made).
    expect(data.coinValue).toEqual({ coinsSold: 300, paid: { usd: 1000, eur: 1500, gbp: 0 } });
    expect(data.revenueBySeries).toEqual([
      {
        seriesId: alpha.id,
        title: 'Alpha Tides',
        slug: expect.any(String),
        unlocks: 3,
        coins: 40,
        value: { usd: 133, eur: 200, gbp: 0 },
      },
      {
        seriesId: beta.id,
        title: 'Beta Lanterns',
        slug: expect.any(String),
        unlocks: 1,
        coins: 5,
        value: { usd: 17, eur: 25, gbp: 0 },
      },
    ]);
  });

  it('counts running subscriptions and their monthly revenue, a yearly plan at a twelfth', async () => {
    const data = await adminMetrics(WEEK);
    expect(data.days.map((day) => day.activeSubscriptions)).toEqual([1, 1, 1, 2, 2, 1, 1]);
    expect(data.days.map((day) => day.mrr)).toEqual([
      { usd: 0, eur: 0, gbp: 500 },
      { usd: 0, eur: 0, gbp: 500 },
      { usd: 0, eur: 0, gbp: 500 },
      { usd: 1000, eur: 0, gbp: 500 },
      { usd: 1000, eur: 0, gbp: 500 },
      { usd: 1000, eur: 0, gbp: 0 },
      { usd: 1000, eur: 0, gbp: 0 },
    ]);
    expect(data.now).toEqual({ activeSubscriptions: 1, mrr: { usd: 1000, eur: 0, gbp: 0 } });
  });

  it('counts sign-ups per UTC day', async () => {
    const data = await adminMetrics(WEEK);
    expect(data.days.map((day) => day.signups)).toEqual([0, 2, 0, 0, 0, 0, 1]);
    expect(data.totals.signups).toBe(3);
  });
});

describe('ranges', () => {
  it.each([
    ['?from=2025-03-08&to=2025-03-01', 'from', 'on or before'],
    ['?from=2024-01-01&to=2025-03-01', 'to', 'at most 366 days'],
    ['?from=2025-02-30&to=2025-03-01', 'from', 'YYYY-MM-DD'],
    ['?from=2025-03-01&to=tomorrow', 'to', 'YYYY-MM-DD'],
    ['?to=2025-3-1', 'to', 'YYYY-MM-DD'],
    ['?from=2025-03-09', 'from', 'on or before'],
  ])('refuses %s with a message for %s', async (query, field, words) => {
    for (const name of ['teamMetrics', 'adminMetrics'] as const) {
      const response = await call(name, query, cookies.admin);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('validation_failed');
      expect(response.body.error.fields[field]).toContain(words);
    }
  });

  it('takes a whole leap year, and a range that ends in the future', async () => {
    expect((await teamMetrics('?from=2024-01-01&to=2024-12-31')).days).toHaveLength(366);
    const ahead = await adminMetrics('?from=2025-03-06&to=2025-03-09');
    expect(ahead.days.map((day) => [day.day, day.activeSubscriptions])).toEqual([
      ['2025-03-06', 1],
      ['2025-03-07', 1],
      ['2025-03-08', 1],
      ['2025-03-09', 1],
    ]);
  });
});

describe('who may read them', () => {
  it('asks a visitor to log in, refuses readers, lets editors read the team’s and admins both', async () => {
    expect((await call('teamMetrics', WEEK)).status).toBe(401);
    expect((await call('adminMetrics', WEEK)).status).toBe(401);
    expect((await call('teamMetrics', WEEK, cookies.reader)).status).toBe(403);
    expect((await call('adminMetrics', WEEK, cookies.reader)).status).toBe(403);
    expect((await call('teamMetrics', WEEK, cookies.editor)).status).toBe(200);
    expect((await call('adminMetrics', WEEK, cookies.editor)).status).toBe(403);
    expect((await call('teamMetrics', WEEK, cookies.admin)).status).toBe(200);
    expect((await call('adminMetrics', WEEK, cookies.admin)).status).toBe(200);
  });
});
