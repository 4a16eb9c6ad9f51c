import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { explainPlan } from '../../../../test/query-plans';
import { createTestApp, type TestContext } from '../../../../test/helpers';
import { finishedDaysSql, medianOpenToFinishSql, yearsWithReadingSql } from '../library/queries/year-reading';

/*
 * "A reader with 10,000 progress rows must be fast" (issue 39 §4): one reader with 10,000 rows
 * (finished over three years, a tenth never finished) among 1,000 readers with 50 each, on
 * PostgreSQL (the planner production uses). The year's statements read the reader's finished rows
 * through reading_progress_finished_idx (user_id, finished_at where finished_at is not null), never
 * every row of the table or of the reader.
 */
const onPostgres = inject('testDatabase').kind === 'postgres';
let t: TestContext;
let userId: string;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  await t.db.execute(sql`
    insert into users (email, username, password_hash)
    select 'year' || i || '@example.com', 'year_' || i, 'x' from generate_series(1, 1001) i`);
  await t.db.execute(sql`
    insert into series (type, slug, title, is_published) select 'comic', 'year-' || i, 'Year ' || i, true from generate_series(1, 100) i`);
  await t.db.execute(sql`
    insert into chapters (series_id, number, slug, published_at)
    select s.id, n, 'chapter-' || n, now() - interval '4 years' from series s, generate_series(1, 100) n where s.slug like 'year-%'`);
  await t.executeSql(`
    create table year_users as select id, row_number() over (order by id) as rn from users where username like 'year_%';
    create table year_chapters as select id, series_id, row_number() over (order by id) as rn from chapters`);
  const { rows } = await t.executeSql(`select id from year_users where rn = 1`);
  userId = (rows[0] as { id: string }).id;
  // The reader: 10,000 rows over three years, every tenth opened and never finished.
  await t.executeSql(
    `insert into reading_progress (user_id, chapter_id, series_id, completed, opened_at, read_at, finished_at)
     select $1, c.id, c.series_id, k % 10 <> 0, now() - (k * 150 || ' minutes')::interval, now(),
       case when k % 10 <> 0 then now() - (k * 150 - 30 || ' minutes')::interval end
     from year_chapters c cross join lateral (select c.rn as k) k where c.rn <= 10000`,
    [userId],
  );
  // The others: 50 rows each, all finished.
  await t.executeSql(`
    insert into reading_progress (user_id, chapter_id, series_id, completed, read_at, finished_at)
    select u.id, c.id, c.series_id, true, now(), now() - (k || ' days')::interval
    from year_users u cross join generate_series(1, 50) k join year_chapters c on c.rn = (u.rn * 37 + k) % 10000 + 1
    where u.rn > 1 on conflict do nothing`);
  await t.db.execute(sql`vacuum (analyze)`);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const dialect = new PgDialect();
const plan = (query: SQL) => explainPlan(t, { toSQL: () => dialect.sqlToQuery(query) });
const span = () => {
  const year = new Date().getUTCFullYear() - 1;
  return { userId, from: new Date(Date.UTC(year, 0, 1)), to: new Date(Date.UTC(year + 1, 0, 1)), timeZone: 'UTC' };
};

describe.skipIf(!onPostgres)("the reader's year's query plans at scale", () => {
  // Their chapters and series are joined as the planner sees fit: by key on a big site, hashed whole on this small one.
  it("the year's finished days read the reader's finished rows of the year by index, never all their rows", async () => {
    const shown = await plan(finishedDaysSql(span()));
    expect(shown, shown).toContain('reading_progress_finished_idx');
    expect(shown, shown).not.toMatch(/Seq Scan on reading_progress/);
  });

  it('the median reads the same index', async () => {
    const shown = await plan(medianOpenToFinishSql(span()));
    expect(shown, shown).toContain('reading_progress_finished_idx');
    expect(shown, shown).not.toMatch(/Seq Scan on reading_progress/);
  });

  it('the years read the partial index alone', async () => {
    const shown = await plan(yearsWithReadingSql(userId, 'UTC'));
    expect(shown, shown).toMatch(/Index Only Scan using reading_progress_finished_idx/);
    expect(shown, shown).not.toContain('Seq Scan');
  });
});
