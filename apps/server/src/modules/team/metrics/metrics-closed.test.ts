import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { createTestApp, startSecondInstance, type TestContext } from '../../../../test/helpers';
import { METRICS_NOW, seedMetricsWeek } from '../../../../test/metrics-week';
import { rowsOf } from '../../../db/sql';
import { rangeOfDays } from './closed-days';
import { createClosedTops, METRICS_CLOSED_PRESETS, pruneClosedRanges, readClosed } from './metrics-closed';
import { candidatesOf, rank, type Ranked } from './metrics-tops';
import { TOP_LISTS } from './top-lists';

/*
 * The top lists' closed days ranked once for every instance (metrics_closed_sums, issue 40), on the
 * metrics tests' known week (test/metrics-week.ts) and a crowd of chapters level in views: what a
 * list reads from the shared table must make the same candidates as ranking every key in memory.
 */
const RANGES = [rangeOfDays('2025-03-01', '2025-03-06'), rangeOfDays('2024-03-08', '2025-03-06')];

async function setUp() {
  const t = await createTestApp();
  t.clock.set(METRICS_NOW);
  await buildUser(t.db, { role: 'admin' });
  const ids = await seedMetricsWeek(t);
  // 60 chapters' views over two closed days, in four levels (ties well past the lists' first places).
  const values = Array.from({ length: 60 }, (_, index) => {
    const day = index % 2 === 0 ? '2025-03-03' : '2025-03-05';
    return sql`(${day}::date, ${ids.beta.id}::uuid, ${randomUUID()}::uuid, ${1 + (index % 4)})`;
  });
  await t.db.execute(sql`insert into daily_views (day, series_id, chapter_id, views) values ${sql.join(values, sql`, `)}`);
  return { t, ids };
}

const countOf = async (t: TestContext, table: 'metrics_closed_ranges' | 'metrics_closed_sums') =>
  Number(rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n);
const byId = (list: { id: string }[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1));

describe('the top lists’ closed days shared through the database', () => {
  let t: TestContext;
  beforeAll(async () => {
    ({ t } = await setUp());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('make the same candidates as ranking every key in memory, ties and live keys included', async () => {
    const tops = createClosedTops(t.db);
    for (const list of TOP_LISTS) {
      for (const range of RANGES) {
        const all = rank(await list.ranked(t.db, range));
        expect(await tops.rankOnce(list, range)).toBe(true);
        expect(await tops.rankOnce(list, range)).toBe(false);
        // Live days: none; the first key and one deep in the list; a key the closed days never had.
        const picks = [[], [all.ordered[0], all.ordered.at(-1)].filter((entry) => entry !== undefined), [{ id: randomUUID() }]];
        for (const pick of picks) {
          const live: Ranked = rank(pick.map((entry, index) => ({ id: entry.id, n: 2 + index, coins: index })));
          const ids = [...live.byKey.keys()];
          const shared = (await readClosed(t.db, list, range, ids))!;
          expect(shared, list.name).not.toBeNull();
          for (const limit of [1, 2, list.limit]) {
            expect(byId(candidatesOf(shared, live, limit, list.compare)), `${list.name} ${limit}`).toEqual(
              byId(candidatesOf(all, live, limit, list.compare)),
            );
          }
        }
      }
    }
    // Read, not ranked again: a range never ranked reads as such.
    expect(await readClosed(t.db, TOP_LISTS[0]!, rangeOfDays('2025-02-01', '2025-02-02'), [])).toBeNull();
  });

  it('prune the ranges ranked days ago, with their sums', async () => {
    const [list] = TOP_LISTS;
    const [recent, old] = RANGES;
    await t.db.execute(sql`update metrics_closed_ranges set ranked_at = now() - interval '3 days'
      where list = ${list!.name} and from_day = ${old!.from}::date`);
    const before = await countOf(t, 'metrics_closed_ranges');
    expect(await pruneClosedRanges(t.db)).toBe(1);
    expect(await countOf(t, 'metrics_closed_ranges')).toBe(before - 1);
    expect(await readClosed(t.db, list!, old!, [])).toBeNull();
    expect(await readClosed(t.db, list!, recent!, [])).not.toBeNull();
    const left = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from metrics_closed_sums where list = ${list!.name} and from_day = ${old!.from}::date`,
      ),
    );
    expect(Number(left[0]!.n)).toBe(0);
    // A list asked again is ranked anew.
    const tops = createClosedTops(t.db);
    expect((await tops.read(list!, old!, [])).ordered.length).toBeGreaterThan(0);
  });
});

describe.skipIf(inject('testDatabase').kind !== 'postgres')('the shared top lists on two instances', () => {
  let t: TestContext;
  beforeAll(async () => {
    ({ t } = await setUp());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('rank each preset once when both rank at once, and answer alike', async () => {
    const other = await startSecondInstance(t);
    try {
      await t.app.services.metricsRollup.rollUp();
      const ranked = await Promise.all([
        t.app.services.metricsRollup.rankClosed(),
        other.app.services.metricsRollup.rankClosed(),
      ]);
      const wanted = METRICS_CLOSED_PRESETS.length * TOP_LISTS.length;
      expect(ranked.reduce((sum, n) => sum + n, 0)).toBe(wanted);
      expect(await countOf(t, 'metrics_closed_ranges')).toBe(wanted);
      const year = RANGES[1]!;
      for (const list of TOP_LISTS) {
        const all = rank(await list.ranked(t.db, year));
        const shared = (await readClosed(t.db, list, year, []))!;
        expect(byId(candidatesOf(shared, rank([]), list.limit, list.compare))).toEqual(
          byId(candidatesOf(all, rank([]), list.limit, list.compare)),
        );
      }
    } finally {
      await other.close();
    }
  });
});
