import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { userPageQuery } from './admin-users.repository';

/*
 * The admin's user list with nothing typed walks users_created_idx newest first and stops at
 * the page, on a site of 20,000 accounts with a session each. PostgreSQL only: its planner is
 * the one production uses.
 */
const onPostgres = inject('testDatabase').kind === 'postgres';
let t: TestContext;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  await t.db.execute(sql`
    insert into users (email, username, password_hash, created_at)
    select 'many' || i || '@example.com', 'many_' || i, 'x', now() - (i || ' minutes')::interval from generate_series(1, 20000) i`);
  await t.db.execute(sql`
    insert into sessions (user_id, token_hash, expires_at, last_seen_at)
    select id, md5(id::text), now() + interval '30 days', now() from users`);
  await t.db.execute(sql`analyze`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function plan(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const { rows } = await t.executeSql(`explain ${text}`, params);
  return (rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join('\n');
}

describe.skipIf(!onPostgres)('user list query plans at scale', () => {
  it('a page with no search reads users_created_idx, and each row its sessions by sessions_user_id_idx', async () => {
    for (const filter of [{}, { role: 'reader' as const }, { status: 'active' as const }]) {
      const shown = await plan(userPageQuery(t.db, filter, 1, 25, new Date()));
      expect(shown, shown).toContain('users_created_idx');
      expect(shown, shown).not.toMatch(/Seq Scan on users/);
      expect(shown, shown).not.toMatch(/Seq Scan on sessions/);
    }
  });
});
