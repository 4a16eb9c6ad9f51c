import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { explainPlan } from '../../../../test/query-plans';
import { createTestApp, type TestContext } from '../../../../test/helpers';
import { purchaseCountQuery, purchasePageQuery } from './payments.repository';

/*
 * The admin's purchase list stays fast on a site of 20,000 readers and 40,000 purchases: the
 * newest page is read off purchases_created_idx, a buyer's name or address through the users'
 * trigram indexes, a reference through its unique index; a search's count never joins the buyers,
 * and with no search the count is read from list_counts.
 * PostgreSQL only: its planner is the one production uses.
 */
const onPostgres = inject('testDatabase').kind === 'postgres';
let t: TestContext;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  await t.db.execute(sql`
    insert into users (email, username, password_hash, created_at)
    select 'buyer' || i || '@example.com', 'buyer_' || i, 'x', now() - (i || ' minutes')::interval from generate_series(1, 20000) i`);
  await t.db.execute(sql`insert into coin_packages (name, coins, price_cents) values ('Plan test', 100, 199)`);
  await t.executeSql(`
    create table plan_buyers as select id, row_number() over (order by id) as rn from users;
    create index on plan_buyers (rn)`);
  await t.db.execute(sql`
    insert into purchases (user_id, kind, status, package_id, amount_cents, currency, coins, item_name, provider,
      provider_session_id, created_at, paid_at)
    select u.id, 'coins', case when k % 50 = 0 then 'refunded' else 'paid' end, p.id, 199, 'usd', 100, 'Plan test', 'test',
      'plan_' || k, now() - (k || ' minutes')::interval, now() - (k || ' minutes')::interval
    from generate_series(1, 40000) k
    join plan_buyers u on u.rn = k % 20000 + 1
    cross join (select id from coin_packages where name = 'Plan test') p`);
  // Vacuumed as a live site would be: rows inserted after a GIN index wait in its pending list.
  await t.executeSql(`vacuum analyze users`);
  await t.db.execute(sql`analyze`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const plan = (query: Parameters<typeof explainPlan>[1]) => explainPlan(t, query);

describe.skipIf(!onPostgres)('purchase list query plans at scale', () => {
  it('the newest page reads purchases_created_idx and each buyer by their id', async () => {
    for (const filter of [{}, { kind: 'coins' as const }]) {
      const shown = await plan(purchasePageQuery(t.db, filter, 1, 20));
      expect(shown, shown).toContain('purchases_created_idx');
      expect(shown, shown).not.toMatch(/Seq Scan on (purchases|users)/);
      expect(shown, shown).not.toMatch(/Hash Join/);
    }
  });

  it("a buyer's name or address reads the users' trigram indexes and then their purchases", async () => {
    for (const q of ['buyer_1234', 'UYER777@']) {
      for (const query of [purchasePageQuery(t.db, { q }, 1, 20), purchaseCountQuery(t.db, { q })]) {
        const shown = await plan(query);
        expect(shown, shown).toContain('users_username_trgm_idx');
        expect(shown, shown).toContain('users_email_trgm_idx');
        expect(shown, shown).toContain('purchases_user_created_idx');
        expect(shown, shown).toContain('purchases_provider_session_key');
        expect(shown, shown).not.toMatch(/Seq Scan on (purchases|users)/);
      }
    }
  });

  it('without a search the count reads list_counts, not every purchase nor any buyer', async () => {
    for (const filter of [{}, { status: 'refunded' as const }, { status: 'paid' as const, kind: 'coins' as const }]) {
      const shown = await plan(purchaseCountQuery(t.db, filter));
      expect(shown, shown).toContain('list_counts');
      expect(shown, shown).not.toMatch(/on (purchases|users)/);
    }
  });
});
