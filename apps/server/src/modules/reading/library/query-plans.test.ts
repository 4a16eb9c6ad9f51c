import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { analyzedPlan, explainPlan, type PlanNode } from '../../../../test/query-plans';
import { createTestApp, type TestContext } from '../../../../test/helpers';
import { bookmarkCountQuery, bookmarkPageQuery } from './bookmarks.repository';
import { furthestChaptersQuery, progressOfSeriesQuery } from './library.repository';
import { historyBySeriesPageQuery, historyCountQuery, historyPageQuery, historySeriesCountQuery } from './history.repository';

/*
 * "Hot queries use indexes" for the library: the bookmarks page, the series page's progress, the
 * history and home's "Continue reading" row, on a site with 5,000 readers, 50,000 series (2,000
 * of them with 20 chapters, every fifth for sale), 200,000 progress rows and 100,000 bookmarks. PostgreSQL only: its planner is the
 * one production uses.
 */
const onPostgres = inject('testDatabase').kind === 'postgres';
let t: TestContext;
let userId: string;
let seriesIds: string[];

/** The tables these queries read, which the never-analysed run keeps from autovacuum. */
const LIBRARY_TABLES = ['users', 'series', 'chapters', 'reading_progress', 'bookmarks', 'chapter_unlocks', 'chapter_rentals'];

/** Loads the site described above into `t`'s database, in bulk, and answers the reader whose plans are read. */
async function loadLibrary(t: TestContext): Promise<string> {
  await t.db.execute(sql`
    insert into users (email, username, password_hash)
    select 'plan' || i || '@example.com', 'plan_' || i, 'x' from generate_series(1, 5000) i`);
  await t.db.execute(sql`
    insert into series (type, slug, title, is_published, last_chapter_at)
    select 'comic', 'plan-' || i, 'Plan ' || i, i % 20 <> 0, now() - (i || ' minutes')::interval from generate_series(1, 50000) i`);
  // 2,000 of them with 20 chapters each (every fifth for sale), which the readers read and follow.
  await t.db.execute(sql`
    insert into chapters (series_id, number, slug, published_at, price)
    select s.id, n, 'chapter-' || n, now() - ((21 - n) || ' days')::interval, case when n % 5 = 0 then 30 else 0 end
    from (select id from series order by id limit 2000) s, generate_series(1, 20) n`);
  // Plain tables (not temporary): the pool's connections must all see them.
  await t.executeSql(`
    create table plan_users as select id, row_number() over (order by id) as rn from users;
    create table plan_chapters as select id, series_id, row_number() over (order by id) as rn from chapters;
    create table plan_series as select id, row_number() over (order by id) as rn from series where id in (select series_id from chapters);
    create index on plan_chapters (rn);
    create index on plan_series (rn)`);
  await t.db.execute(sql`
    insert into reading_progress (user_id, chapter_id, series_id, page, completed, read_at, in_history)
    select u.id, c.id, c.series_id, 1 + k % 7, k % 3 = 0, now() - ((u.rn * 7 + k) || ' minutes')::interval, k % 10 <> 0
    from plan_users u cross join generate_series(1, 40) k
    join plan_chapters c on c.rn = (u.rn * 97 + k) % 40000 + 1`);
  await t.db.execute(sql`
    insert into bookmarks (user_id, series_id, created_at)
    select u.id, s.id, now() - (k || ' hours')::interval
    from plan_users u cross join generate_series(1, 20) k
    join plan_series s on s.rn = (u.rn * 13 + k * 7) % 2000 + 1
    on conflict do nothing`);
  // A few of those for sale unlocked by each reader.
  await t.db.execute(sql`
    insert into chapter_unlocks (user_id, chapter_id, coins)
    select u.id, c.id, 30 from plan_users u cross join generate_series(1, 10) k
    join plan_chapters pc on pc.rn = (u.rn * 31 + k * 5) % 40000 + 1
    join chapters c on c.id = pc.id and c.price > 0
    on conflict do nothing`);
  // And a few rented by a pass (issue 22 §1), some still open.
  await t.db.execute(sql`
    insert into chapter_rentals (user_id, chapter_id, series_id, method, starts_at, ends_at)
    select u.id, c.id, c.series_id, 'wait_pass', now() - (k || ' days')::interval, now() + ((3 - k) || ' days')::interval
    from plan_users u cross join generate_series(1, 5) k
    join plan_chapters pc on pc.rn = (u.rn * 17 + k * 11) % 40000 + 1
    join chapters c on c.id = pc.id and c.price > 0`);
  const { rows } = await t.executeSql(`select id from plan_users where rn = 2500`);
  return (rows[0] as { id: string }).id;
}

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  userId = await loadLibrary(t);
  // As autovacuum leaves a table: statistics, and the visibility map index-only scans rely on.
  await t.db.execute(sql`vacuum (analyze)`);
  const read = await t.executeSql(`select distinct series_id from reading_progress where user_id = $1 limit 20`, [userId]);
  seriesIds = (read.rows as { series_id: string }[]).map((row) => row.series_id);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const plan = (query: Parameters<typeof explainPlan>[1]) => explainPlan(t, query);

describe.skipIf(!onPostgres)('library query plans at scale', () => {
  it.each(['updated', 'title', 'added'] as const)(
    'the bookmarks page (%s) reads bookmarks, chapters and progress by index',
    async (sort) => {
      const shown = await plan(bookmarkPageQuery(t.db, userId, sort, 1, 20, new Date()));
      expect(shown, shown).toContain('bookmarks_user_id_series_id_pk');
      expect(shown, shown).toMatch(/chapters_series_(published|number)_idx/);
      expect(shown, shown).toMatch(/reading_progress_(user_series_idx|user_id_chapter_id_pk)/);
      // What is still locked to the reader: the series' priced chapters and the reader's unlocks.
      expect(shown, shown).toContain('chapters_priced_idx');
      expect(shown, shown).toContain('chapter_unlocks_user_id_chapter_id_pk');
      expect(shown, shown).toContain('chapter_rentals_user_chapter_idx');
      expect(shown, shown).not.toContain('Seq Scan');
    },
  );

  it("the bookmarks' count reads the reader's bookmarks and the few unpublished series, never every series", async () => {
    const shown = await plan(bookmarkCountQuery(t.db, userId));
    expect(shown, shown).toContain('bookmarks_user_id_series_id_pk');
    expect(shown, shown).toContain('series_unpublished_idx');
    expect(shown, shown).not.toContain('Seq Scan');
  });

  it("the series page's progress reads the reader's rows of that series", async () => {
    const shown = await plan(progressOfSeriesQuery(t.db, userId, seriesIds[0]!));
    expect(shown, shown).toMatch(/reading_progress_(user_series_idx|user_id_chapter_id_pk)/);
    expect(shown, shown).not.toContain('Seq Scan');
  });

  it('where to continue reads the reader’s rows and the chapters by key', async () => {
    const shown = await plan(furthestChaptersQuery(t.db, userId, seriesIds, new Date()));
    expect(shown, shown).not.toContain('Seq Scan');
  });

  it('the history reads its partial index alone, newest first, and looks up only the page’s chapters', async () => {
    const shown = await plan(historyPageQuery(t.db, userId, 1, 20, new Date()));
    expect(shown, shown).toMatch(/Index Only Scan using reading_progress_history_idx/);
    expect(shown, shown).toContain('series_unpublished_idx');
    expect(shown, shown).toContain('chapters_pkey');
    expect(shown, shown).not.toContain('Seq Scan');
  });

  it('the history’s count reads the history index alone', async () => {
    const shown = await plan(historyCountQuery(t.db, userId, new Date()));
    expect(shown, shown).toMatch(/Index Only Scan using reading_progress_history_idx/);
    expect(shown, shown).not.toMatch(/chapters_pkey|series_pkey/);
    expect(shown, shown).not.toContain('Seq Scan');
  });

  it('home’s "Continue reading" row, counted in the same query, reads the history index alone', async () => {
    const shown = await plan(historyBySeriesPageQuery(t.db, userId, 1, 12, new Date()));
    expect(shown, shown).toMatch(/Index Only Scan using reading_progress_history_idx/);
    expect(shown, shown).toContain('WindowAgg');
    expect(shown, shown).not.toContain('Seq Scan');
    const counted = await plan(historySeriesCountQuery(t.db, userId, new Date()));
    expect(counted, counted).toMatch(/Index Only Scan using reading_progress_history_idx/);
    expect(counted, counted).not.toContain('Seq Scan');
  });
});

/*
 * Issue 34 §4: a catalogue loaded in bulk and not analysed yet (a restore, an import, before
 * autovacuum comes by). Planned on guesses, `chapter_id not in (select …)` became a scan of the
 * chapters not out once per history entry: 21 s, a 503 after the statement time-out. The filters
 * are anti-joins, planned as joins whatever the estimates: no subquery may run once per row.
 */
describe.skipIf(!onPostgres)('library query plans on tables never analysed', () => {
  let fresh: TestContext;
  let reader: string;

  beforeAll(async () => {
    if (!onPostgres) return;
    fresh = await createTestApp();
    for (const table of LIBRARY_TABLES) await fresh.executeSql(`alter table ${table} set (autovacuum_enabled = off)`);
    reader = await loadLibrary(fresh);
    const { rows } = await fresh.executeSql(
      `select count(*)::int as analysed from pg_stat_user_tables
       where relname = any($1) and (last_analyze is not null or last_autoanalyze is not null)`,
      [LIBRARY_TABLES],
    );
    expect(rows[0]).toEqual({ analysed: 0 });
  }, 120_000);
  afterAll(async () => {
    await fresh?.close();
  });

  /** The subqueries the plan ran more than once: one per row of the query around them. */
  const perRowSubPlans = (nodes: PlanNode[]) =>
    nodes.filter((node) => node['Parent Relationship'] === 'SubPlan' && (node['Actual Loops'] ?? 0) > 1);
  const shown = (nodes: PlanNode[]) =>
    JSON.stringify(nodes.map((node) => [node['Node Type'], node['Relation Name'] ?? node['Index Name'], node['Actual Loops']]));

  it.each([
    ['the history', () => historyPageQuery(fresh.db, reader, 1, 20, new Date())],
    ['the history’s count', () => historyCountQuery(fresh.db, reader, new Date())],
    ['home’s "Continue reading" row', () => historyBySeriesPageQuery(fresh.db, reader, 1, 12, new Date())],
    ['the count of series read', () => historySeriesCountQuery(fresh.db, reader, new Date())],
    ['the bookmarks’ count', () => bookmarkCountQuery(fresh.db, reader)],
  ])('%s leaves out what is not out by joins, never by a subquery per row', async (_name, query) => {
    const nodes = await analyzedPlan(fresh, query());
    expect(perRowSubPlans(nodes), shown(nodes)).toEqual([]);
    expect(
      nodes.some((node) => node['Parent Relationship'] === 'SubPlan'),
      shown(nodes),
    ).toBe(false);
  });

  it('the bookmarks page counts each series’ unread chapters without a subquery per progress row', async () => {
    const nodes = await analyzedPlan(fresh, bookmarkPageQuery(fresh.db, reader, 'updated', 1, 20, new Date()));
    // One count per series shown is the query's shape; within it, no lookup runs once per chapter or entry.
    const loops = perRowSubPlans(nodes).map((node) => node['Actual Loops'] ?? 0);
    expect(Math.max(0, ...loops), shown(nodes)).toBeLessThanOrEqual(20);
  });
});
