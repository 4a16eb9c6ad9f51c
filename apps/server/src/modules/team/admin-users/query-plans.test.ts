import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helpers';
import { subPlanLoops, explainPlan } from '../../../../test/query-plans';
import { userCountQuery, userPageQuery } from './admin-users.repository';

/*
 * The admin's user list stays fast on a site of 20,000 accounts with a session each: with nothing
 * typed it walks users_created_idx newest first and stops at the page; part of a name or address
 * is looked up in the trigram indexes, for the page and its count; and only the page's rows get
 * their membership and last visit. PostgreSQL only: its planner is the one production uses.
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
