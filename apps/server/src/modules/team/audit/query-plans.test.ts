import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { explainPlan } from '../../../../test/query-plans';
import { createTestApp, type TestContext } from '../../../../test/helpers';
import { auditPageQuery } from './audit.repository';

/*
 * The audit log stays fast as the team's work piles up: with 50,000 entries by 20 team members,
 * the newest page is read off audit_log_created_idx with no sort of the whole log, and the
 * entries of a member who rarely acts, or of one target, off their own indexes. PostgreSQL
 * only: its planner is the one production uses.
 */
const onPostgres = inject('testDatabase').kind === 'postgres';
let t: TestContext;
let actorId: string;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  await t.db.execute(sql`
    insert into users (email, username, password_hash, role)
    select 'team' || i || '@example.com', 'team_' || i, 'x', 'editor' from generate_series(1, 20) i`);
  await t.executeSql(`
    insert into audit_log (actor_id, actor_name, actor_role, action, method, path, target_type, target_id, target_label, status, created_at)
    select u.id, u.username, 'editor', 'teamSeriesUpdate', 'PATCH', '/series/' || k, 'series', 's-' || (k % 5000), 'Series ' || (k % 5000),
      200, now() - (k || ' seconds')::interval
    from generate_series(1, 50000) k
    join (select id, username, row_number() over (order by id) - 1 as rn from users where username like 'team_%') u on u.rn = k % 20`);
  // One member who rarely acts: their entries are found by their index, not by walking the log.
  await t.executeSql(`
    update audit_log set actor_id = u.id, actor_name = u.username from users u
    where u.username = 'team_7' and audit_log.path like '%000'`);
  await t.executeSql(`update audit_log set actor_id = null where actor_name = 'team_7' and path not like '%000'`);
  await t.db.execute(sql`analyze`);
  const { rows } = await t.executeSql(`select id from users where username = 'team_7'`);
  actorId = (rows[0] as { id: string }).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const plan = (query: Parameters<typeof explainPlan>[1]) => explainPlan(t, query);

describe.skipIf(!onPostgres)('audit log query plans at scale', () => {
  it('the newest page reads audit_log_created_idx in its order, sorting nothing', async () => {
    for (const page of [1, 100]) {
      const shown = await plan(auditPageQuery(t.db, {}, page));
      expect(shown, shown).toContain('audit_log_created_idx');
      expect(shown, shown).not.toMatch(/Sort|Seq Scan/);
    }
  });

  it("a rare member's and one target's entries read their own indexes", async () => {
    const byActor = await plan(auditPageQuery(t.db, { actorId }, 1));
    expect(byActor, byActor).toContain('audit_log_actor_idx');
    const byTarget = await plan(auditPageQuery(t.db, { targetId: 's-42' }, 1));
    expect(byTarget, byTarget).toContain('audit_log_target_idx');
  });
});
