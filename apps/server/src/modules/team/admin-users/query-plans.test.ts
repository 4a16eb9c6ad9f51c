import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helpers';
import { analyzedPlan, subPlanLoops, explainPlan } from '../../../../test/query-plans';
import { USER_SEARCH_COUNT_CAP, userCountQuery, userPageQuery } from './admin-users.repository';

/*
 * The admin's user list stays fast on a site of 20,000 accounts with a session each: with nothing
 * typed it walks users_created_idx newest first and stops at the page; part of a name or address
 * is looked up in the trigram indexes, for the page and its count; and only the page's rows get
 * their membership and last visit. A name most of them share (issue 40) is counted up to a cap
 * off the trigram indexes, and its page walks users_created_idx and stops at the page, whether
 * the table was analyzed or not. PostgreSQL only: its planner is the one production uses.
 */
const onPostgres = inject('testDatabase').kind === 'postgres';
let t: TestContext;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  await t.db.execute(sql`
    insert into users (email, username, password_hash, created_at)
    select 'many' || i || '@example.com', 'many_' || i, 'x', now() - (i || ' minutes')::interval from generate_series(1, 20000) i`);
  await t.executeSql(`update users set role = 'editor' where username like 'many_%77'`);
  await t.executeSql(`update users set is_banned = true where username like 'many_%99'`);
  await t.db.execute(sql`
    insert into sessions (user_id, token_hash, expires_at, last_seen_at)
    select id, md5(id::text), now() + interval '30 days', now() from users`);
  // Vacuumed as a live site would be: rows inserted after a GIN index wait in its pending list.
  await t.executeSql(`vacuum analyze users`);
  await t.db.execute(sql`analyze`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const plan = (query: Parameters<typeof explainPlan>[1]) => explainPlan(t, query);

describe.skipIf(!onPostgres)('user list query plans at scale', () => {
  it('a page with no search reads users_created_idx, and each row its sessions by sessions_user_id_idx', async () => {
    for (const filter of [{}, { role: 'reader' as const }, { status: 'active' as const }]) {
      const shown = await plan(userPageQuery(t.db, filter, 1, 25, new Date()));
      // One role's list may read users_role_created_idx, which holds the same order after the role.
      expect(shown, shown).toMatch(/users_(role_)?created_idx/);
      expect(shown, shown).not.toMatch(/Seq Scan on users/);
      expect(shown, shown).not.toMatch(/Seq Scan on sessions/);
      // The index holds created_at and id, the whole order: read backwards, no sort of every user.
      expect(shown, shown).toMatch(/Scan Backward using users_(role_)?created_idx/);
      expect(shown, shown).not.toMatch(/Incremental Sort/);
    }
  });

  it('a few editors or banned users among many are read off their own indexes, newest first', async () => {
    for (const [filter, index] of [
      [{ role: 'editor' as const }, 'users_role_created_idx'],
      [{ status: 'banned' as const }, 'users_banned_created_idx'],
    ] as const) {
      const shown = await plan(userPageQuery(t.db, filter, 1, 25, new Date()));
      expect(shown, shown).toContain(index);
      expect(shown, shown).not.toMatch(/Seq Scan on users/);
    }
  });

  it('with no search the count reads list_counts, not every user', async () => {
    for (const filter of [
      {},
      { role: 'reader' as const },
      { status: 'active' as const },
      { role: 'admin' as const, status: 'banned' as const },
    ]) {
      const shown = await plan(userCountQuery(t.db, filter, new Date()));
      expect(shown, shown).toContain('list_counts');
      expect(shown, shown).not.toMatch(/on users/);
    }
  });

  it('part of a name or address reads the trigram indexes, for the page and for the count', async () => {
    for (const q of ['y_1234', 'MANY1234@', 'ny_777']) {
      for (const query of [userPageQuery(t.db, { q }, 1, 25, new Date()), userCountQuery(t.db, { q }, new Date())]) {
        const shown = await plan(query);
        expect(shown, shown).toContain('users_username_trgm_idx');
        expect(shown, shown).toContain('users_email_trgm_idx');
        expect(shown, shown).not.toMatch(/Seq Scan on users/);
      }
      // The page counts its matches as it sorts them, with no second search.
      expect(await plan(userPageQuery(t.db, { q }, 1, 25, new Date()))).toContain('WindowAgg');
    }
  });

  it("only the page's rows get their membership and last visit, however deep the page", async () => {
    for (const [filter, page] of [
      [{}, 1],
      [{}, 300],
      [{ q: 'many_1' }, 20],
    ] as const) {
      const loops = await subPlanLoops(t, userPageQuery(t.db, filter, page, 25, new Date()));
      expect(loops.length).toBeGreaterThan(0);
      for (const n of loops) expect(n).toBeLessThanOrEqual(25);
    }
  });
});

/** The users rows the walk of users_created_idx read (the index scan's rows). */
async function rowsWalked(t: TestContext, query: Parameters<typeof analyzedPlan>[1]) {
  const nodes = await analyzedPlan(t, query);
  const walk = nodes.find((node) => node['Index Name'] === 'users_created_idx');
  expect(walk, JSON.stringify(nodes.map((node) => node['Node Type']))).toBeDefined();
  return walk!['Actual Rows'] ?? 0;
}

/** The users rows a query read and set aside: those its scans of users found, and those they passed over. */
async function usersRead(t: TestContext, query: Parameters<typeof analyzedPlan>[1]) {
  const nodes = await analyzedPlan(t, query);
  return nodes
    .filter((node) => node['Relation Name'] === 'users' && node['Node Type'] !== 'Index Scan')
    .reduce((sum, node) => sum + (node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0), 0);
}

/**
 * A common name's plans: its capped count and page stop at the cap (off the trigram indexes, or a
 * scan that stops there); its walk reads users_created_idx and stops at the page. A rare name's
 * capped count and page read the trigram indexes.
 */
async function expectCommonNamePlans(t: TestContext) {
  const cap = USER_SEARCH_COUNT_CAP + 1;
  // 'ny_1' matches many_1, many_10 … many_19999: 11,111 of them, and 1 in 10 of the newest 200.
  const filter = { q: 'ny_1' };
  for (const query of [
    userPageQuery(t.db, filter, 1, 25, new Date(), { by: 'matches', cap }),
    userCountQuery(t.db, filter, new Date(), cap),
  ]) {
    expect(await usersRead(t, query)).toBeLessThanOrEqual(3 * cap);
  }
  for (const query of [
    userPageQuery(t.db, { q: 'y_1234' }, 1, 25, new Date(), { by: 'matches', cap }),
    userCountQuery(t.db, { q: 'y_1234' }, new Date(), cap),
  ]) {
    const shown = await explainPlan(t, query);
    expect(shown, shown).toContain('users_username_trgm_idx');
    expect(shown, shown).not.toMatch(/Seq Scan on users/);
  }
  // The span as the repository's to the site's size: 1,000 of 20,000 as 20,000 of 300,000 or more.
  for (const [page, most] of [
    [1, 300],
    [4, 1200],
  ] as const) {
    const walk = userPageQuery(t.db, filter, page, 25, new Date(), { by: 'newest', span: 1000 });
    const shown = await explainPlan(t, walk);
    expect(shown, shown).toMatch(/Index Scan Backward using users_created_idx/);
    expect(shown, shown).not.toMatch(/Seq Scan on users/);
    expect(await rowsWalked(t, walk)).toBeLessThanOrEqual(most);
    for (const n of await subPlanLoops(t, walk)) expect(n).toBeLessThanOrEqual(25);
  }
}

describe.skipIf(!onPostgres)('a common name among 20,000 users', () => {
  it('is counted up to the cap off the trigram indexes, and its page walks users_created_idx, analyzed', async () => {
    await expectCommonNamePlans(t);
  });

  it('plans the same on a table never analyzed', async () => {
    const fresh = await createTestApp();
    try {
      await fresh.executeSql(`alter table users set (autovacuum_enabled = false)`);
      await fresh.executeSql(`
        insert into users (email, username, password_hash, created_at)
        select 'many' || i || '@example.com', 'many_' || i, 'x', now() - (i || ' minutes')::interval from generate_series(1, 20000) i`);
      await expectCommonNamePlans(fresh);
    } finally {
      await fresh.close();
    }
  }, 120_000);
});
