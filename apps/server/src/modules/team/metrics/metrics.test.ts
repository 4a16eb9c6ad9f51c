import type { AdminMetrics, TeamMetrics } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';
import { METRICS_NOW, seedMetricsWeek } from '../../../../test/metrics-week';
import { METRICS_ANSWER_MS } from './metrics.service';

/**
 * A small known week, 2025-03-01 … 03-07 (UTC), with things just outside it (test/metrics-week.ts),
 * and the clock at noon of its last day. Everyone logging in was created "now" by the factory,
 * outside the week. Nothing is rolled up here: every day is answered live.
 */
const NOW = METRICS_NOW;
const WEEK = '?from=2025-03-01&to=2025-03-07';

let t: TestContext;
const cookies: Record<'reader' | 'editor' | 'admin', string> = { reader: '', editor: '', admin: '' };
let alpha: { id: string; title: string };
let beta: { id: string; title: string };
let a1: string;
let a2: string;
let b1: string;

const teamMetrics = async (query: string) => {
  const response = await callEndpoint(t, 'teamMetrics', { query: query, cookie: cookies.editor });
  expect(response.status).toBe(200);
  return response.body.data as TeamMetrics;
};
const adminMetrics = async (query: string) => {
  const response = await callEndpoint(t, 'adminMetrics', { query: query, cookie: cookies.admin });
  expect(response.status).toBe(200);
  return response.body.data as AdminMetrics;
};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  for (const role of ['reader', 'editor', 'admin'] as const)
    cookies[role] = await loginAs(t.app, await buildUser(t.db, { role }));

  ({ alpha, beta, a1, a2, b1 } = await seedMetricsWeek(t));
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

  it('names the same ranking once in a while: a series renamed shows under its new title within 10 s', async () => {
    const titles = async () => (await teamMetrics(WEEK)).topSeries.map((s) => s.title);
    expect(await titles()).toEqual(['Alpha Tides', 'Beta Lanterns']);
    await t.executeSql(`update series set title = 'Alpha Tides (renamed)' where id = $1`, [alpha.id]);
    // The counts have not moved, so the names kept for them answer…
    expect(await titles()).toEqual(['Alpha Tides', 'Beta Lanterns']);
    // …until their time is up.
    t.clock.advance(10_000);
    expect(await titles()).toEqual(['Alpha Tides (renamed)', 'Beta Lanterns']);
    await t.executeSql(`update series set title = 'Alpha Tides' where id = $1`, [alpha.id]);
    t.clock.advance(10_000);
    expect(await titles()).toEqual(['Alpha Tides', 'Beta Lanterns']);
  });

  it('gives what waits now: reported comments not hidden yet, scheduled and draft chapters, series not published', async () => {
    expect((await teamMetrics(WEEK)).now).toEqual({
      reportedComments: 1,
      scheduledChapters: 1,
      draftChapters: 2,
      draftSeries: 1,
    });
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
    const zero = {};
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
    expect(data.totals.net).toEqual({ usd: 13000, eur: 1500 });
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
    expect(data.coinValue).toEqual({ coinsSold: 300, paid: { usd: 1000, eur: 1500 } });
    expect(data.revenueBySeries).toEqual([
      {
        seriesId: alpha.id,
        title: 'Alpha Tides',
        slug: expect.any(String),
        unlocks: 3,
        coins: 40,
        value: { usd: 133, eur: 200 },
      },
      {
        seriesId: beta.id,
        title: 'Beta Lanterns',
        slug: expect.any(String),
        unlocks: 1,
        coins: 5,
        value: { usd: 17, eur: 25 },
      },
    ]);
  });

  it('counts running subscriptions and their monthly revenue, a yearly plan at a twelfth', async () => {
    const data = await adminMetrics(WEEK);
    expect(data.days.map((day) => day.activeSubscriptions)).toEqual([1, 1, 1, 2, 2, 1, 1]);
    expect(data.days.map((day) => day.mrr)).toEqual([
      { gbp: 500 },
      { gbp: 500 },
      { gbp: 500 },
      { usd: 1000, gbp: 500 },
      { usd: 1000, gbp: 500 },
      { usd: 1000 },
      { usd: 1000 },
    ]);
    expect(data.now).toEqual({ activeSubscriptions: 1, mrr: { usd: 1000 } });
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
    // Far days: 9999-12-31's next day is year 10000, which once spun the day walk for good.
    ['?from=9999-12-31&to=9999-12-31', 'to', 'between 2000-01-01 and 9998-12-31'],
    ['?from=9999-12-31&to=9999-12-31', 'from', 'between 2000-01-01 and 9998-12-31'],
    ['?from=2025-03-01&to=9999-12-31', 'to', 'between 2000-01-01 and 9998-12-31'],
    ['?from=1999-12-31&to=2000-01-01', 'from', 'between 2000-01-01 and 9998-12-31'],
    ['?to=0000-01-01', 'to', 'between 2000-01-01 and 9998-12-31'],
    ['?from=%2B010000-01-01', 'from', 'YYYY-MM-DD'],
    ['?from=9998-12-31&to=9998-01-01', 'from', 'on or before'],
  ])('refuses %s with a message for %s', async (query, field, words) => {
    for (const name of ['teamMetrics', 'adminMetrics'] as const) {
      const response = await callEndpoint(t, name, { query: query, cookie: cookies.admin });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('validation_failed');
      expect(response.body.error.fields[field]).toContain(words);
    }
  });

  it('takes a whole leap year, and a range that ends in the future', async () => {
    expect((await teamMetrics('?from=2024-01-01&to=2024-12-31')).days).toHaveLength(366);
    expect((await teamMetrics('?from=9998-01-01&to=9998-12-31')).days).toHaveLength(365);
    expect((await adminMetrics('?from=9998-12-31&to=9998-12-31')).range).toEqual({
      from: '9998-12-31',
      to: '9998-12-31',
      days: 1,
    });
    expect((await teamMetrics('?from=2000-01-01&to=2000-01-01')).days).toHaveLength(1);
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
    expect((await callEndpoint(t, 'teamMetrics', { query: WEEK })).status).toBe(401);
    expect((await callEndpoint(t, 'adminMetrics', { query: WEEK })).status).toBe(401);
    expect((await callEndpoint(t, 'teamMetrics', { query: WEEK, cookie: cookies.reader })).status).toBe(403);
    expect((await callEndpoint(t, 'adminMetrics', { query: WEEK, cookie: cookies.reader })).status).toBe(403);
    expect((await callEndpoint(t, 'teamMetrics', { query: WEEK, cookie: cookies.editor })).status).toBe(200);
    expect((await callEndpoint(t, 'adminMetrics', { query: WEEK, cookie: cookies.editor })).status).toBe(403);
    expect((await callEndpoint(t, 'teamMetrics', { query: WEEK, cookie: cookies.admin })).status).toBe(200);
    expect((await callEndpoint(t, 'adminMetrics', { query: WEEK, cookie: cookies.admin })).status).toBe(200);
  });
});

describe('answers kept a few seconds', () => {
  it('answers from what it computed for METRICS_ANSWER_MS, except after a team change on this instance', async () => {
    const drafts = async () => (await teamMetrics(WEEK)).now.draftSeries;
    t.clock.advance(METRICS_ANSWER_MS);
    const before = await drafts();
    // Written past the services (as another instance would): the kept answer stands for its time…
    await t.executeSql(
      `insert into series (type, title, slug, is_published) values ('novel', 'Quiet Draft', 'quiet-draft', false)`,
    );
    expect(await drafts()).toBe(before);
    t.clock.advance(METRICS_ANSWER_MS);
    expect(await drafts()).toBe(before + 1);
    // …while a team change made here clears it at once.
    await buildSeries(t, { title: 'Loud Draft', isPublished: false });
    expect(await drafts()).toBe(before + 2);
  });

  it('prepares the range picker’s presets (the last 30 days among them) before the first editor asks', async () => {
    const drafts = async (query: string) => (await teamMetrics(query)).now.draftSeries;
    const day = '?from=2025-03-03&to=2025-03-03';
    t.clock.advance(METRICS_ANSWER_MS);
    const before = await drafts(day);
    t.clock.advance(METRICS_ANSWER_MS);
    await t.app.services.metrics.warm();
    await t.executeSql(
      `insert into series (type, title, slug, is_published) values ('novel', 'Early Draft', 'early-draft', false)`,
    );
    // The prepared answer is the one given: it was made before this draft.
    expect(await drafts('')).toBe(before);
    expect(await drafts(day)).toBe(before + 1);
  });
});
