import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedDemoStore } from '../../../demo/seed-store';
import { AppError } from '../../../lib/app-error';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { createTestApp, startSecondInstance, type SecondInstance, type TestContext } from '../../../../test/helpers';

/**
 * Jepsen's bank test, ported to the coin ledger (issue 8 §4): thousands of randomized buys,
 * unlocks, bulk unlocks and refunds race over many readers on two app instances sharing one
 * PostgreSQL database; then every balance must equal the sum of its ledger, none is negative,
 * and no credit, unlock or refund happened twice. LEDGER_RACE_OPS sets the size (default 10,000).
 */
const OPERATIONS = Number(process.env.LEDGER_RACE_OPS ?? 10_000);
const READERS = 60;
const CONCURRENCY = 24;

const target = inject('testDatabase');
let t: TestContext;
let second: SecondInstance | undefined;

beforeAll(async () => {
  if (target.kind !== 'postgres') return;
  t = await createTestApp();
  await seedDemoStore(t.db);
  second = await startSecondInstance(t, { poolSize: 12, sharedClock: false });
}, 120_000);

afterAll(async () => {
  await second?.close();
  await t?.close();
});

/** A small deterministic random source, so a failing run can be repeated with the same seed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

describe.skipIf(target.kind !== 'postgres')('the coin ledger under concurrent load (PostgreSQL, two instances)', () => {
  it(`keeps every balance equal to its ledger through ${OPERATIONS} racing operations`, async () => {
    const seed = Number(process.env.LEDGER_RACE_SEED ?? Date.now() % 100_000);
    const rand = random(seed);
    const apps = [t.app, second!.app];
    const readers = [];
    for (let i = 0; i < READERS; i += 1) readers.push(await buildUser(t.db));
    const seriesChapters: { seriesId: string; chapterIds: string[] }[] = [];
    for (let s = 0; s < 4; s += 1) {
      const series = await buildSeries(t);
      const chapterIds = [];
      for (let n = 1; n <= 12; n += 1)
        chapterIds.push((await buildChapter(t, series.id, { number: n, price: 10 + rand.int(5) * 10 })).id);
      seriesChapters.push({ seriesId: series.id, chapterIds });
    }
    const packages = (await t.app.services.purchases.coinPackages()).items;
    const paid: string[] = [];
    const counts = { buy: 0, unlock: 0, bulk: 0, refund: 0, refused: 0 };

    // Each operation, sometimes fired twice at once to race itself.
    const operations: (() => Promise<unknown>)[] = [];
    for (let i = 0; i < OPERATIONS; i += 1) {
      const reader = rand.pick(readers);
      const app = () => rand.pick(apps).services;
      const twice = rand.next() < 0.2;
      const roll = rand.next();
      if (roll < 0.3) {
        counts.buy += 1;
        const packageId = rand.pick(packages).id;
        operations.push(async () => {
          const { purchaseId } = await app().payments.checkout(reader, { kind: 'coins', packageId });
          const complete = () => app().payments.completeTestCheckout(reader.id, purchaseId);
          await Promise.all(twice ? [complete(), complete()] : [complete()]);
          paid.push(purchaseId);
        });
      } else if (roll < 0.6) {
        counts.unlock += 1;
        const chapterId = rand.pick(rand.pick(seriesChapters).chapterIds);
        operations.push(() => Promise.all((twice ? [0, 1] : [0]).map(() => app().unlocks.unlock(reader, [chapterId]))));
      } else if (roll < 0.85) {
        counts.bulk += 1;
        const { seriesId, chapterIds } = rand.pick(seriesChapters);
        const start = rand.int(chapterIds.length - 2);
        const chosen = chapterIds.slice(start, start + 2 + rand.int(4));
        operations.push(() => Promise.all((twice ? [0, 1] : [0]).map(() => app().unlocks.unlock(reader, chosen, { seriesId }))));
      } else {
        counts.refund += 1;
        operations.push(async () => {
          const purchaseId = paid.length > 0 ? rand.pick(paid) : undefined;
          if (!purchaseId) return;
          const refund = () => app().payments.refund(purchaseId, { viaProvider: true });
          await Promise.all(twice ? [refund(), refund()] : [refund()]);
        });
      }
    }

    // A pool of CONCURRENCY workers draining the operations.
    let nextIndex = 0;
    const worker = async () => {
      while (nextIndex < operations.length) {
        const operation = operations[nextIndex++]!;
        try {
          await operation();
        } catch (error) {
          // Too few coins is the one refusal a reader can meet here; anything else is a failure.
          if (error instanceof AppError && error.code === 'insufficient_coins') counts.refused += 1;
          else throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    const balances = await rows<{ id: string; coins: number; ledger: number; last: number | null }>(sql`
      select u.id, u.coins,
        coalesce((select sum(delta) from coin_ledger l where l.user_id = u.id), 0)::int as ledger
      from users u where u.role = 'reader'`);
    const wrong = balances.filter((row) => row.coins !== row.ledger || row.coins < 0);
    expect(wrong, `seed ${seed}`).toEqual([]);

    // Every paid or refunded purchase credited exactly once; every refund took back at most once.
    const credits = await rows<{
      id: string;
      status: string;
      credits: number;
      refunds: number;
      reversed: number;
      taken: number;
    }>(sql`
      select p.id, p.status,
        (select count(*) from coin_ledger l where l.purchase_id = p.id and l.kind = 'purchase')::int as credits,
        (select count(*) from coin_ledger l where l.purchase_id = p.id and l.kind = 'refund')::int as refunds,
        p.coins_reversed as reversed,
        coalesce((select -sum(delta) from coin_ledger l where l.purchase_id = p.id and l.kind = 'refund'), 0)::int as taken
      from purchases p where p.kind = 'coins'`);
    for (const row of credits) {
      expect(row.credits, `purchase ${row.id} (${row.status}), seed ${seed}`).toBe(row.status === 'pending' ? 0 : 1);
      expect(row.refunds).toBeLessThanOrEqual(1);
      expect(row.taken).toBe(row.reversed);
    }

    // What unlocks took from each reader is exactly the price of the chapters they hold, each once.
    const unlocks = await rows<{ user_id: string; charged: number; held: number }>(sql`
      select u.id as user_id,
        coalesce((select -sum(delta) from coin_ledger l where l.user_id = u.id and l.kind = 'unlock'), 0)::int as charged,
        coalesce((select sum(coins) from chapter_unlocks c where c.user_id = u.id), 0)::int as held
      from users u where u.role = 'reader'`);
    expect(unlocks.filter((row) => row.charged !== row.held)).toEqual([]);

    // The run must have exercised every path, refusals included.
    expect(counts.refused).toBeGreaterThan(0);
    const [totals] = await rows<{ unlocked: number; refunded: number }>(sql`
      select (select count(*) from chapter_unlocks)::int as unlocked,
        (select count(*) from purchases where status = 'refunded')::int as refunded`);
    expect(totals!.unlocked).toBeGreaterThan(0);
    expect(totals!.refunded).toBeGreaterThan(0);
    console.info(`ledger race: ${OPERATIONS} operations (seed ${seed})`, counts, totals);
  }, 600_000);
});
