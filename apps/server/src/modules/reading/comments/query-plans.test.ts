import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { explainPlan } from '../../../../test/query-plans';
import { createTestApp, type TestContext } from '../../../../test/helpers';
import { moderationCountQuery, moderationPageQuery, repliesQuery, topLevelPageQuery } from './comments.repository';

/*
 * Comment lists stay fast: on a site with 2,000 readers, 2,000 chapters, 200,000 top-level
 * comments and 100,000 replies, a chapter's page, a series page's, the page's replies and the
 * team's lists read their indexes. PostgreSQL only: its planner is the one production uses.
 */
const onPostgres = inject('testDatabase').kind === 'postgres';
let t: TestContext;
let chapterId: string;
let seriesId: string;
let userId: string;
let parentIds: string[];

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  await t.db.execute(sql`
    insert into users (email, username, password_hash)
    select 'talk' || i || '@example.com', 'talk_' || i, 'x' from generate_series(1, 2000) i`);
  await t.db.execute(sql`
    insert into series (type, slug, title, is_published)
    select 'comic', 'talk-' || i, 'Talk ' || i, true from generate_series(1, 100) i`);
  await t.db.execute(sql`
    insert into chapters (series_id, number, slug, published_at)
    select s.id, n, 'chapter-' || n, now() - interval '1 day' from series s, generate_series(1, 20) n`);
  await t.executeSql(`
    create table talk_users as select id, row_number() over (order by id) as rn from users;
    create table talk_chapters as select id, series_id, row_number() over (order by id) as rn from chapters;
    create index on talk_users (rn);
    create index on talk_chapters (rn)`);
  await t.db.execute(sql`
    insert into comments (user_id, series_id, chapter_id, body, created_at)
    select u.id, c.series_id, case when k % 10 = 0 then null else c.id end, 'comment ' || k, now() - (k || ' seconds')::interval
    from generate_series(1, 200000) k
    join talk_users u on u.rn = k % 2000 + 1
    join talk_chapters c on c.rn = k % 2000 + 1`);
  await t.db.execute(sql`
    insert into comments (user_id, series_id, chapter_id, parent_id, body, created_at)
    select p.user_id, p.series_id, p.chapter_id, p.id, 'reply', p.created_at + interval '1 minute'
    from (select * from comments order by id limit 100000) p`);
  await t.db.execute(sql`update comments set report_count = 1 where body = 'comment 777'`);
  await t.db.execute(sql`update comments set hidden_at = now() where body in ('comment 778', 'comment 779')`);
  await t.db.execute(sql`analyze`);
  const { rows } = await t.executeSql(
    `select comments.chapter_id, comments.series_id, comments.user_id from comments
     join talk_chapters c on c.id = comments.chapter_id where c.rn = 1000 limit 1`,
  );
  const row = rows[0] as { chapter_id: string; series_id: string; user_id: string };
  chapterId = row.chapter_id;
  seriesId = row.series_id;
  userId = row.user_id;
  const page = await topLevelPageQuery(t.db, { chapterId }, 'newest', 1, 20);
  parentIds = page.map((comment) => comment.id);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const plan = (query: Parameters<typeof explainPlan>[1]) => explainPlan(t, query);

describe.skipIf(!onPostgres)('comment query plans at scale', () => {
  it.each(['newest', 'oldest'] as const)("a chapter's page (%s) reads comments_chapter_idx", async (sort) => {
    const shown = await plan(topLevelPageQuery(t.db, { chapterId }, sort, 1, 20));
    expect(shown, shown).toContain('comments_chapter_idx');
    expect(shown, shown).not.toMatch(/Seq Scan on comments/);
  });

  it("a series page's own comments read comments_series_idx", async () => {
    const shown = await plan(topLevelPageQuery(t.db, { seriesId }, 'newest', 1, 20));
    expect(shown, shown).toContain('comments_series_idx');
    expect(shown, shown).not.toMatch(/Seq Scan on comments/);
  });

  it("a page's replies come in one query on comments_parent_idx", async () => {
    expect(parentIds.length).toBeGreaterThan(0);
    const shown = await plan(repliesQuery(t.db, parentIds));
    expect(shown, shown).toContain('comments_parent_idx');
    expect(shown, shown).not.toMatch(/Seq Scan on comments/);
  });

  it("the team's newest (its count from list_counts), reported, hidden and one user's lists read their indexes", async () => {
    const newest = await plan(moderationPageQuery(t.db, { status: 'all' }, 1, 30));
    expect(newest, newest).toContain('comments_created_idx');
    const reported = await plan(moderationPageQuery(t.db, { status: 'reported' }, 1, 30));
    expect(reported, reported).not.toMatch(/Seq Scan on comments/);
    const all = await plan(moderationCountQuery(t.db, { status: 'all' }));
    expect(all, all).toContain('list_counts');
    expect(all, all).not.toMatch(/on comments/);
    const byUser = await plan(moderationPageQuery(t.db, { status: 'all', userId }, 1, 30));
    expect(byUser, byUser).toContain('comments_user_idx');
    const hidden = await plan(moderationPageQuery(t.db, { status: 'hidden' }, 1, 30));
    expect(hidden, hidden).toContain('comments_hidden_idx');
    expect(hidden, hidden).not.toMatch(/Seq Scan on comments/);
  });
});
