import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { explainPlan } from '../../../../test/query-plans';
import { createTestApp, type TestContext } from '../../../../test/helpers';
import { notificationCountsQuery, notificationPageQuery } from './notifications.repository';

/*
 * "Hot queries use indexes" for the bell's list: a page of a reader's notices and its counts read
 * that reader's index entries, never the table's other rows, on a site with 2,000 readers of 100
 * notices each and one reader with 2,000 (PostgreSQL only: its planner is the one production uses).
 */
const onPostgres = inject('testDatabase').kind === 'postgres';
let t: TestContext;
let userId: string;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  await t.db.execute(sql`
    insert into users (email, username, password_hash)
    select 'bell' || i || '@example.com', 'bell_' || i, 'x' from generate_series(1, 2001) i`);
  await t.db.execute(sql`
    insert into notifications (user_id, title, description, is_read, created_at)
    select u.id, 'New chapter', 'Chapter ' || k || ' is out', k > 10, now() - (k || ' minutes')::interval
    from users u cross join generate_series(1, 100) k where u.username <> 'bell_1'`);
  await t.db.execute(sql`
    insert into notifications (user_id, title, description, is_read, created_at)
    select u.id, 'New chapter', 'Chapter ' || k || ' is out', k > 20, now() - (k || ' minutes')::interval
    from users u cross join generate_series(1, 2000) k where u.username = 'bell_1'`);
  await t.db.execute(sql`vacuum (analyze)`);
  const { rows } = await t.executeSql(`select id from users where username = 'bell_1'`);
  userId = (rows[0] as { id: string }).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe.skipIf(!onPostgres)('the bell’s query plans at scale', () => {
  it('a page of notices is read off the index in its order, never sorted', async () => {
    const shown = await explainPlan(t, notificationPageQuery(t.db, userId, 10, 20));
    expect(shown, shown).toContain('Index Scan Backward using notifications_user_created_idx');
    expect(shown, shown).not.toContain('Sort');
    expect(shown, shown).not.toContain('Seq Scan');
  });

  it('the counts read the indexes alone', async () => {
    const shown = await explainPlan(t, notificationCountsQuery(t.db, userId));
    expect(shown, shown).toContain('Index Only Scan using notifications_user_created_idx');
    expect(shown, shown).toContain('Index Only Scan using notifications_user_unread_idx');
    expect(shown, shown).not.toContain('Seq Scan');
  });
});
