import { sql } from 'drizzle-orm';
import { NIL_UUID } from '../src/db/schema';
import { rowsOf } from '../src/db/sql';
import { buildChapter, buildSeries, buildUser } from './factories';
import type { TestContext } from './helpers';

/** The metrics tests' clock: noon of the known week's last day. */
export const METRICS_NOW = new Date('2025-03-07T12:00:00Z');

/**
 * A small known week of everything the metrics count, 2025-03-01 … 03-07 (UTC), with things just
 * outside it; see each line for what happened when. Call it with the clock at METRICS_NOW, after
 * logging in whoever the test needs (an admin among them): everyone created by the factory was
 * created "now", outside the week.
 */
export async function seedMetricsWeek(t: TestContext) {
  const ts = (iso: string) => sql`${iso}::timestamptz`;
  const exec = (query: ReturnType<typeof sql>) => t.db.execute(query);
  const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await exec(query))[0]!;
  const alpha = await buildSeries(t, { title: 'Alpha Tides' });
  const beta = await buildSeries(t, { title: 'Beta Lanterns' });
  const a1 = (await buildChapter(t, alpha.id, { number: 1, price: 10 })).id;
  const a2 = (await buildChapter(t, alpha.id, { number: 2, price: 20 })).id;
  const b1 = (await buildChapter(t, beta.id, { number: 1, price: 5 })).id;
  // Scheduled: tomorrow.
  await buildChapter(t, beta.id, { number: 2, publishedAt: '2025-03-08T09:00:00Z' });
  // Work in progress: two draft chapters (one in a series not published yet).
  await buildChapter(t, beta.id, { number: 3, publishedAt: null });
  const gamma = await buildSeries(t, { title: 'Gamma Drafts', isPublished: false });
  await buildChapter(t, gamma.id, { number: 1, publishedAt: null });

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
  return { alpha, beta, a1, a2, b1 };
}
