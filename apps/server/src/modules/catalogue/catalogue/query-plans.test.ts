import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rowsOf } from '../../../db/sql';
import { createTestApp, type TestContext } from '../../../../test/helpers';
import { subPlanLoops, explainPlan } from '../../../../test/query-plans';
import { searchSeriesQuery } from '../search/search.repository';
import { setSearchSimilarity } from '../series/series.sql';
import { teamSeriesCountQuery, teamSeriesPageQuery } from '../series/series.repository';
import { publishedSeriesPageQuery } from './published-series.repository';

/*
 * "Hot queries use indexes": with a catalogue large enough that the planner prefers an index
 * when one fits, the list orders and search must be read off their indexes. PostgreSQL only:
 * its planner is the one production uses.
 */
const onPostgres = inject('testDatabase').kind === 'postgres';
let t: TestContext;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  // Indexes are built once after the load, which is much faster than keeping them up row by row.
  await t.db.execute(sql`drop index series_search_trgm_idx`);
  await t.db.execute(sql`
    insert into series (type, slug, title, alternative_names, is_published, last_chapter_at, views, created_at, updated_at)
    select case when i % 2 = 0 then 'comic' else 'novel' end, 's-' || i,
      substr(md5(i::text), 1, 8) || ' ' || substr(md5((i * 3)::text), 1, 9), substr(md5((i * 7)::text), 1, 10),
      i % 10 <> 0, case when i % 5 = 0 then null else now() - (i || ' minutes')::interval end, i % 1000,
      now() - (i || ' hours')::interval, now() - (i || ' seconds')::interval
    from generate_series(1, 200000) i`);
  await t.db.execute(sql`create index series_search_trgm_idx on series using gin (search_text gin_trgm_ops)`);
  // A chapter for each series, one in twenty priced: the premium filter's index must win over a
  // scan of chapters the planner knows, not over a table it has never measured.
  await t.db.execute(sql`
    insert into chapters (series_id, number, slug, published_at, price)
    select id, 1, 'chapter-1', now() - interval '1 day', case when abs(hashtext(id::text)::bigint) % 20 = 0 then 10 else 0 end
    from series`);
  await t.db.execute(sql`analyze series`);
  await t.db.execute(sql`analyze chapters`);
});
afterAll(async () => {
  await t?.close();
});

const plan = (query: Parameters<typeof explainPlan>[1]) => explainPlan(t, query);

describe.skipIf(!onPostgres)('query plans at scale', () => {
  it.each([
    ['latest', 'series_latest_idx'],
    ['popular', 'series_popular_idx'],
    ['new', 'series_created_idx'],
    ['title', 'series_title_idx'],
  ] as const)('the %s sort reads its index', async (sort, index) => {
    const query = publishedSeriesPageQuery(t.db, { type: 'comic' }, sort, 2, 24, new Date());
    expect(await plan(query)).toContain(index);
  });

  it('the trending sort sums the week’s views once, not per series', async () => {
    const shown = await plan(publishedSeriesPageQuery(t.db, {}, 'trending', 1, 24, new Date()));
    expect(shown, shown).toContain('daily_views');
    expect(shown, shown).not.toContain('SubPlan');
  });

  it('the premium filter reads the priced chapters’ index', async () => {
    const shown = await plan(publishedSeriesPageQuery(t.db, { premium: true }, 'latest', 1, 24, new Date()));
    expect(shown, shown).toContain('chapters_priced_idx');
  });

  it('the team list reads its index', async () => {
    const shown = await plan(teamSeriesPageQuery(t.db, undefined, 2, 20));
    expect(shown, shown).toContain('series_updated_idx');
    // The index holds the whole order (updated_at, then id): series saved at one moment need no sort.
    expect(shown, shown).not.toMatch(/Incremental Sort/);
  });

  it("the team list counts the chapters of the page's series only, however deep the page", async () => {
    for (const [q, page] of [
      [undefined, 1],
      [undefined, 500],
      ['c4ca', 2],
    ] as const) {
      const loops = await subPlanLoops(t, teamSeriesPageQuery(t.db, q, page, 20));
      expect(loops.length).toBeGreaterThan(0);
      for (const n of loops) expect(n).toBeLessThanOrEqual(20);
    }
  });

  it("the team list's count reads list_counts, not every series", async () => {
    const shown = await plan(teamSeriesCountQuery(t.db, undefined));
    expect(shown, shown).toContain('list_counts');
    expect(shown, shown).not.toMatch(/on series/);
  });

  it("the team's search reads the trigram index", async () => {
    const shown = await plan(teamSeriesPageQuery(t.db, 'c4ca423', 1, 20));
    expect(shown, shown).toContain('series_search_trgm_idx');
    expect(shown, shown).not.toMatch(/Seq Scan on series/);
  });

  it('the search results page reads the trigram index', async () => {
    await t.db.transaction(async (tx) => {
      await setSearchSimilarity(tx);
      const { sql: text, params } = publishedSeriesPageQuery(tx, { q: 'c4ca423' }, 'relevance', 1, 24, new Date()).toSQL();
      const rows = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql.raw(`explain ${inline(text, params)}`)));
      const shown = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(shown, shown).toContain('series_search_trgm_idx');
    });
  });

  it('search reads the trigram index', async () => {
    await t.db.transaction(async (tx) => {
      await setSearchSimilarity(tx);
      const { sql: text, params } = searchSeriesQuery(tx, 'c4ca423', 10).toSQL();
      const rows = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql.raw(`explain ${inline(text, params)}`)));
      const shown = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(shown, shown).toContain('series_search_trgm_idx');
    });
  });
});

/** The threshold is per transaction, so search is explained inside one; its parameters are inlined as literals. */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_m, n: string) => `'${String(params[Number(n) - 1]).replace(/'/g, "''")}'`);
}
