import type { AdminMetrics, TeamMetrics } from '@inkwell/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, startSecondInstance, type TestContext } from '../../../../test/helpers';
import { METRICS_NOW, seedMetricsWeek } from '../../../../test/metrics-week';
import { rowsOf } from '../../../db/sql';
import { METRICS_ANSWER_MS } from './metrics.service';

/*
 * The daily roll-up (metrics_days, the `metrics.roll-up` job) on the metrics tests' known week
 * (test/metrics-week.ts): the first thing it counted was paid on 2025-02-10, and the clock is at
 * noon of 2025-03-07, so the closed days are 02-10 … 03-06, 25 of them.
 */
const CLOSED_DAYS = 25;
const RANGES = [
  '?from=2025-03-01&to=2025-03-07',
  '?from=2025-03-02&to=2025-03-05',
  '?from=2025-02-06&to=2025-03-07',
  '?from=2025-03-06&to=2025-03-09',
  '?from=2024-03-07&to=2025-03-07',
];

interface Setup {
  t: TestContext;
  editor: string;
  admin: string;
  ids: Awaited<ReturnType<typeof seedMetricsWeek>>;
}

async function setUp(): Promise<Setup> {
  const t = await createTestApp();
  t.clock.set(METRICS_NOW);
  const editor = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
  const admin = await loginAs(t.app, await buildUser(t.db, { role: 'admin' }));
  return { t, editor, admin, ids: await seedMetricsWeek(t) };
}

/**
 * Both answers for a range. An answer is kept METRICS_ANSWER_MS, so the clock first moves on by
 * that much and each call sees the data as it is now; `{ kept: true }` asks within that time.
 */
async function metricsOf(setup: Setup, query: string, { kept = false } = {}) {
  if (!kept) setup.t.clock.advance(METRICS_ANSWER_MS);
  const get = async (name: 'teamMetrics' | 'adminMetrics', cookie: string) => {
    const response = await callEndpoint(setup.t, name, { cookie, query });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  };
  return {
    team: (await get('teamMetrics', setup.editor)) as TeamMetrics,
    admin: (await get('adminMetrics', setup.admin)) as AdminMetrics,
  };
}

const answersOf = (setup: Setup) => Promise.all(RANGES.map((query) => metricsOf(setup, query)));
const rolledDays = async (t: TestContext) =>
  rowsOf<{ day: string }>(await t.db.execute(sql`select to_char(day, 'YYYY-MM-DD') as day from metrics_days order by day`)).map(
    (row) => row.day,
  );
const followersOn = (data: TeamMetrics, day: string) => data.days.find((entry) => entry.day === day)!.followers;

describe('metrics answered from the daily roll-up', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp();
  });
  afterAll(async () => {
    await setup?.t.close();
  });

  it('answer every range exactly as the live computation did for the same data', async () => {
    // Today's views and unlocks too, so the top lists add live sums to closed ones.
    const { t, ids } = setup;
    const reader = await buildUser(t.db);
    await t.db.execute(sql`insert into daily_views (day, series_id, chapter_id, views) values
      ('2025-03-07', ${ids.beta.id}, ${ids.b1}, 9), ('2025-03-07', ${ids.alpha.id}, ${ids.a1}, 1)`);
    await t.db.execute(sql`insert into chapter_unlocks (user_id, chapter_id, coins, created_at)
      values (${reader.id}, ${ids.b1}, 5, '2025-03-07T09:00:00Z')`);
    const live = await answersOf(setup);
    expect(live[0]!.team.topChapters.map((chapter) => [chapter.chapterId, chapter.views])).toEqual([
      [ids.b1, 13],
      [ids.a2, 7],
      [ids.a1, 4],
    ]);
    expect(await setup.t.app.services.metricsRollup.rollUp()).toBe(CLOSED_DAYS);
    const days = await rolledDays(setup.t);
    expect(days).toHaveLength(CLOSED_DAYS);
    expect([days[0], days.at(-1)]).toEqual(['2025-02-10', '2025-03-06']);
    // Twice: the first time the closed days' top-list sums are loaded, then they are kept.
    expect(await answersOf(setup)).toEqual(live);
    expect(await answersOf(setup)).toEqual(live);
  });

  it('write each day once when run again', async () => {
    await setup.t.app.services.metricsRollup.rollUp();
    const before = await rolledDays(setup.t);
    expect(await setup.t.app.services.metricsRollup.rollUp()).toBe(0);
    expect(await rolledDays(setup.t)).toEqual(before);
  });
});

describe('the roll-up job', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp();
  });
  afterAll(async () => {
    await setup?.t.close();
  });

  it('fill the closed days missing, freeze them, and leave today live', async () => {
    const { t, ids } = setup;
    const rollUp = () => t.app.services.metricsRollup.rollUp();
    const reader = await buildUser(t.db);
    const follow = (seriesId: string, at: string) =>
      t.db.execute(
        sql`insert into bookmarks (user_id, series_id, created_at) values (${reader.id}, ${seriesId}, ${at}::timestamptz)`,
      );
    const week = '?from=2025-03-01&to=2025-03-07';

    expect(await rollUp()).toBe(CLOSED_DAYS);
    const rolled = (await metricsOf(setup, week)).team;

    // Days the roll-up lost are answered live meanwhile, and its next run writes those days alone.
    await t.db.execute(sql`delete from metrics_days where day in ('2025-03-03', '2025-03-04')`);
    expect((await metricsOf(setup, week)).team).toEqual(rolled);
    expect(await rollUp()).toBe(2);
    expect((await metricsOf(setup, week)).team).toEqual(rolled);

    // Today is live; a closed day is frozen as it was rolled up.
    await follow(ids.beta.id, '2025-03-07T10:00:00Z');
    await follow(ids.alpha.id, '2025-03-05T10:00:00Z');
    const now = (await metricsOf(setup, week)).team;
    expect(followersOn(now, '2025-03-07')).toBe(followersOn(rolled, '2025-03-07') + 1);
    expect(followersOn(now, '2025-03-05')).toBe(followersOn(rolled, '2025-03-05'));

    // Ten minutes after midnight, the day that ended is closed: the next run writes it, as it was.
    t.clock.set(new Date('2025-03-08T00:09:00Z'));
    expect(await rollUp()).toBe(0);
    t.clock.set(new Date('2025-03-08T00:10:00Z'));
    expect(await rollUp()).toBe(1);
    expect((await rolledDays(t)).at(-1)).toBe('2025-03-07');
    expect(followersOn((await metricsOf(setup, week)).team, '2025-03-07')).toBe(followersOn(rolled, '2025-03-07') + 1);
    t.clock.set(METRICS_NOW);
  });
});

describe('the top lists over rolled-up days', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp();
  });
  afterAll(async () => {
    await setup?.t.close();
  });

  // An answer is kept a few seconds; today's views, unlocks, follows and comments show once it is up.
  it('keep an answer for a few seconds, then follow today’s views and unlocks', async () => {
    const { t, ids } = setup;
    const week = '?from=2025-03-01&to=2025-03-07';
    const reader = await buildUser(t.db);
    await t.app.services.metricsRollup.rollUp();
    const before = await metricsOf(setup, week);
    expect(await metricsOf(setup, week)).toEqual(before);

    const chapter = { id: ids.b1, series_id: ids.beta.id };
    await t.db.execute(sql`insert into daily_views (day, series_id, chapter_id, views)
      values ('2025-03-07', ${chapter.series_id}, ${chapter.id}, 50)`);
    expect(await metricsOf(setup, week, { kept: true })).toEqual(before);
    const afterViews = (await metricsOf(setup, week)).team;
    expect(afterViews.topChapters[0]).toMatchObject({ chapterId: chapter.id });
    expect(afterViews.topSeries[0]).toMatchObject({ seriesId: ids.beta.id });

    await t.db.execute(sql`update daily_views set views = views + 1 where day = '2025-03-07' and chapter_id = ${chapter.id}`);
    expect((await metricsOf(setup, week)).team.topChapters[0]!.views).toBe(afterViews.topChapters[0]!.views + 1);

    await t.db.execute(sql`insert into chapter_unlocks (user_id, chapter_id, coins, created_at)
      values (${reader.id}, ${chapter.id}, 5, '2025-03-07T11:00:00Z')`);
    const afterUnlock = await metricsOf(setup, week);
    const unlocked = afterUnlock.team.topUnlocks.find((entry) => entry.chapterId === chapter.id);
    const unlockedBefore = afterViews.topUnlocks.find((entry) => entry.chapterId === chapter.id);
    expect(unlocked?.unlocks).toBe((unlockedBefore?.unlocks ?? 0) + 1);
    const betaCoins = (data: AdminMetrics) => data.revenueBySeries.find((entry) => entry.seriesId === ids.beta.id)?.coins ?? 0;
    expect(betaCoins(afterUnlock.admin)).toBe(betaCoins(before.admin) + 5);
    const today = (data: { team: TeamMetrics }) => data.team.days.find((day) => day.day === '2025-03-07')!;
    expect(today(afterUnlock).unlocks).toBe(today(before).unlocks + 1);

    // Today's follows and comments.
    await t.db.execute(sql`insert into bookmarks (user_id, series_id, created_at)
      values (${reader.id}, ${ids.beta.id}, '2025-03-07T11:30:00Z')`);
    const afterFollow = await metricsOf(setup, week);
    expect(today(afterFollow).followers).toBe(today(before).followers + 1);
    await t.db.execute(sql`insert into comments (user_id, series_id, chapter_id, body, created_at)
      values (${reader.id}, ${ids.beta.id}, ${chapter.id}, 'Loved it', '2025-03-07T11:45:00Z')`);
    expect(today(await metricsOf(setup, week)).comments).toBe(today(before).comments + 1);
  });
});

describe('the top lists’ ties over rolled-up days', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp();
  });
  afterAll(async () => {
    await setup?.t.close();
  });

  // The closed days are ranked by their sums alone; titles and numbers break ties only among the
  // few keys handed on, so a tie across the last places must still come out in the named order.
  it('break ties across the last places by title and number, as the live computation does', async () => {
    const { t } = setup;
    const week = '?from=2025-03-01&to=2025-03-07';
    // Thirty chapters with 99 views each on a closed day, above every chapter of the seeded week:
    // ranked by their sums, their order is their random ids'; named, it is their numbers'.
    const tied = await buildSeries(t, { title: 'Tied Tides', type: 'novel' });
    for (let number = 1; number <= 30; number += 1) await buildChapter(t, tied.id, { number });
    await t.db.execute(sql`insert into daily_views (day, series_id, chapter_id, views)
      select '2025-03-05', ${tied.id}, id, 99 from chapters where series_id = ${tied.id}`);
    await t.db.execute(sql`delete from metrics_days`);
    const live = (await metricsOf(setup, week)).team.topChapters;
    expect(live.map((chapter) => chapter.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await t.app.services.metricsRollup.rollUp();
    expect((await metricsOf(setup, week)).team.topChapters).toEqual(live);
  });
});

describe.skipIf(inject('testDatabase').kind !== 'postgres')('the roll-up on two instances', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp();
  });
  afterAll(async () => {
    await setup?.t.close();
  });

  it('write each day once when both run it at once', async () => {
    const other = await startSecondInstance(setup.t);
    try {
      const live = await metricsOf(setup, RANGES[0]!);
      const written = await Promise.all([
        setup.t.app.services.metricsRollup.rollUp(),
        other.app.services.metricsRollup.rollUp(),
        setup.t.app.services.metricsRollup.rollUp(),
      ]);
      expect(written.reduce((sum, n) => sum + n, 0)).toBe(CLOSED_DAYS);
      expect(await rolledDays(setup.t)).toHaveLength(CLOSED_DAYS);
      expect(await metricsOf(setup, RANGES[0]!)).toEqual(live);
    } finally {
      await other.close();
    }
  });
});
