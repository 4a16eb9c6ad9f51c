import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';

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
  await t.db.execute(sql`analyze series`);
});
afterAll(async () => {
  await t?.close();
});

async function plan(query: string): Promise<string> {
  const rows = (await t.db.execute(sql.raw(`explain ${query}`))) as unknown as { 'QUERY PLAN': string }[];
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe.skipIf(!onPostgres)('query plans at scale', () => {
  it.each([
    ['latest', 'order by last_chapter_at desc nulls last, created_at desc nulls last, id', 'series_latest_idx'],
    ['popular', 'order by views desc nulls last, title, id', 'series_popular_idx'],
    ['new', 'order by created_at desc nulls last, id', 'series_created_idx'],
    ['title', 'order by title, id', 'series_title_idx'],
  ])('the %s sort reads its index', async (_name, order, index) => {
    expect(await plan(`select * from series where is_published = true and type = 'comic' ${order} limit 24 offset 24`)).toContain(
      index,
    );
  });

  it('the team list reads its index', async () => {
    expect(await plan('select * from series order by updated_at desc nulls last, id limit 20 offset 20')).toContain(
      'series_updated_idx',
    );
  });

  it('search reads the trigram index', async () => {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.4', true)`);
      const rows = (await tx.execute(
        sql.raw(
          `explain select * from series where is_published and (search_text like '%c4ca4238%' or 'c4ca423' <% search_text)
           order by (lower(title) = 'c4ca423') desc, word_similarity('c4ca423', search_text) desc, title limit 10`,
        ),
      )) as unknown as { 'QUERY PLAN': string }[];
      const text = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(text, text).toContain('series_search_trgm_idx');
    });
  });
});
