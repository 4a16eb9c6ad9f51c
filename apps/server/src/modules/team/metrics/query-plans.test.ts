import type { MetricsRange } from '@inkwell/contract';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helpers';
import type { Database } from '../../../db/client';
import { rangeOfDays } from './closed-days';
import { firstActivityDay } from './metrics-days.repository';
import { sumUnlocksByChapter, sumUnlocksBySeries, sumViewsByChapter, sumViewsBySeries } from './metrics-tops.repository';
import {
  countAwaitingTeam,
  listAdminDays,
  listCoinPurchaseDays,
  listTeamDays,
  sumCoinPurchasesIn,
  sumRefundedCoinPurchases,
} from './metrics.repository';

/*
 * What a metrics request still reads from the source tables (today, and closed days not rolled up
 * yet) reads their indexes, on a site with 20,000 readers and a year of follows, comments,
 * unlocks, purchases and views. PostgreSQL only: its planner is the one production uses.
 */
const onPostgres = inject('testDatabase').kind === 'postgres';
const TODAY = rangeOfDays('2025-03-07', '2025-03-07');
let t: TestContext;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  const day = (expr: string) =>
    `timestamptz '2025-03-07 12:00Z' - ((${expr}) % 400) * interval '1 day' - (${expr}) * interval '1 second'`;
  await t.executeSql(`
    insert into users (email, username, password_hash, created_at)
      select 'plan' || i || '@example.com', 'plan_' || i, 'x', ${day('i')} from generate_series(1, 20000) i;
    insert into series (type, slug, title, is_published) select 'comic', 'plan-' || i, 'Plan ' || i, true from generate_series(1, 500) i;
    insert into chapters (series_id, number, slug, published_at, price)
      select s.id, n, 'chapter-' || n, now() - interval '30 days', 10 from series s, generate_series(1, 20) n;
    create table plan_users as select id, row_number() over (order by id) as rn from users;
    create table plan_series as select id, row_number() over (order by id) as rn from series;
    create table plan_chapters as select id, series_id, row_number() over (order by id) as rn from chapters;
    create index on plan_users (rn); create index on plan_series (rn); create index on plan_chapters (rn);
    insert into bookmarks (user_id, series_id, created_at)
      select u.id, s.id, ${day('u.rn * 7 + k')} from plan_users u cross join generate_series(1, 5) k
      join plan_series s on s.rn = (u.rn * 13 + k * 101) % 500 + 1 on conflict do nothing;
    insert into comments (user_id, series_id, body, created_at)
      select u.id, s.id, 'a comment', ${day('i')} from generate_series(1, 50000) i
      join plan_users u on u.rn = i % 20000 + 1 join plan_series s on s.rn = i % 500 + 1;
    insert into chapter_unlocks (user_id, chapter_id, coins, created_at)
      select u.id, c.id, 10, ${day('i')} from generate_series(1, 40000) i
      join plan_users u on u.rn = i % 20000 + 1 join plan_chapters c on c.rn = (i * 7) % 10000 + 1 on conflict do nothing;
    insert into coin_packages (name, coins, price_cents, currency) values ('Pouch', 100, 1000, 'usd');
    insert into purchases (user_id, kind, status, package_id, amount_cents, currency, coins, item_name, provider, created_at, paid_at, refunded_at)
      select u.id, 'coins', case when i % 50 = 0 then 'refunded' else 'paid' end, p.id, 1000, 'usd', 100, 'Pouch', 'test',
        ${day('i')}, ${day('i')}, case when i % 50 = 0 then ${day('i')} + interval '1 day' end
      from generate_series(1, 30000) i join plan_users u on u.rn = i % 20000 + 1, coin_packages p;
    insert into coin_ledger (user_id, delta, kind, balance_after, reason, created_at)
      select u.id, case when i % 2 = 0 then 100 else -10 end, case when i % 2 = 0 then 'purchase' else 'unlock' end, 100, 'seed', ${day('i')}
      from generate_series(1, 60000) i join plan_users u on u.rn = i % 20000 + 1;
    insert into daily_views (day, series_id, chapter_id, views)
      select (timestamptz '2025-03-07 12:00Z' - d * interval '1 day')::date, c.series_id, c.id, 1 + d % 7
      from generate_series(0, 364) d join plan_chapters c on c.rn % 50 = d % 50;
    analyze;`);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** The plans of the statements a repository call sends (caught by a stand-in database, then explained on the real one). */
async function plansOf(call: (db: Database) => Promise<unknown>): Promise<string> {
  const sent: SQL[] = [];
  const catcher = {
    execute: async (query: SQL) => {
      sent.push(query);
      return { rows: [] };
    },
  } as unknown as Database;
  await call(catcher);
  const dialect = new PgDialect();
  const plans = await Promise.all(
    sent.map(async (query) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      const { rows } = await t.executeSql(`explain ${text}`, params);
      return (rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join('\n');
    }),
  );
  return plans.join('\n\n');
}

const noSeqScanOn = (plan: string, tables: string[]) => {
  for (const table of tables) expect(plan, plan).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
};

describe.skipIf(!onPostgres)('metrics query plans at scale', () => {
  it("today's team figures read the created_at indexes and daily_views' key", async () => {
    const plan = await plansOf((db) => listTeamDays(db, TODAY));
    for (const index of [
      'bookmarks_created_idx',
      'comments_created_idx',
      'chapter_unlocks_created_idx',
      'daily_views_day_series_id_chapter_id_pk',
    ])
      expect(plan, plan).toContain(index);
    noSeqScanOn(plan, ['bookmarks', 'comments', 'chapter_unlocks', 'daily_views']);
  });

  it("today's admin figures read the paid, refunded, ledger and sign-up indexes", async () => {
    const plan = await plansOf((db) => listAdminDays(db, TODAY));
    for (const index of ['purchases_paid_idx', 'purchases_refunded_idx', 'coin_ledger_kind_created_idx', 'users_created_idx'])
      expect(plan, plan).toContain(index);
    noSeqScanOn(plan, ['purchases', 'coin_ledger', 'users']);
  });

  it("today's sums per series and chapter read daily_views' key and the unlocks' created_at index", async () => {
    const plan = await plansOf(async (db) => {
      await sumViewsBySeries(db, TODAY);
      await sumViewsByChapter(db, TODAY);
      await sumUnlocksByChapter(db, TODAY);
      await sumUnlocksBySeries(db, TODAY);
    });
    noSeqScanOn(plan, ['daily_views', 'chapter_unlocks', 'chapters']);
  });

  it('the coin value and the roll-up read indexes only', async () => {
    const month: MetricsRange = rangeOfDays('2025-02-01', '2025-03-03');
    const plan = await plansOf(async (db) => {
      await sumCoinPurchasesIn(db, [
        { start: null, end: new Date('2024-03-01T00:00:00Z') },
        { start: new Date('2025-03-07T00:00:00Z'), end: new Date('2025-03-08T00:00:00Z') },
      ]);
      await sumRefundedCoinPurchases(db, new Date('2025-03-08T00:00:00Z'));
      await listCoinPurchaseDays(db, month);
      await firstActivityDay(db);
      // The chapters were published a month before the real today.
      await countAwaitingTeam(db, new Date());
    });
    noSeqScanOn(plan, [
      'purchases',
      'coin_ledger',
      'users',
      'bookmarks',
      'comments',
      'chapter_unlocks',
      'daily_views',
      'chapters',
    ]);
  });
});
