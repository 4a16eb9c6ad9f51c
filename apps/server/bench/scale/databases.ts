import { mkdirSync } from 'node:fs';
import type pg from 'pg';
import { hashPassword } from '../../src/lib/passwords';
import { generateCatalogue, HEAVY_READER, type CatalogueSize } from './catalogue';
import { connect, PASSWORD, repoRoot, startServer } from './server';

// bench:scale's two databases: built once and kept, completed by small steps, and their statistics forgotten.

/** The part of a name the admin's search looks for: the large catalogue has 250 such readers, the demo 30. */
export const SEARCHED_NAME = 'ada_lan';
/** A common first name: one in thirty generated readers is kofi_… (10,000 of 300,000), and 30 of the demo's. */
export const COMMON_NAME = 'kofi';
/** The series the heavy reader follows, reads and has unlocked chapters of, in both databases. */
export const OWN_SERIES = 'the-lantern-keeper';

export const urlOf = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** The team and readers the measured calls sign in as. */
async function ensureAccounts(sql: pg.ClientBase) {
  const hash = await hashPassword(PASSWORD);
  for (const [username, role] of [
    [HEAVY_READER.username, 'reader'],
    ['scale_editor', 'editor'],
    ['scale_admin', 'admin'],
  ] as const) {
    await sql.query(`insert into users (email, username, password_hash, role) values ($1, $2, $3, $4) on conflict do nothing`, [
      `${username}@bench.local`,
      username,
      hash,
      role,
    ]);
  }
}

/**
 * What was added after the databases' shape was fixed: each step runs once on a database that
 * lacks it (bench_scale_steps names those done), so adding one does not rebuild the large catalogue.
 */
const STEPS: { name: string; demoOnly?: boolean; text: string }[] = [
  {
    // On the large catalogue the heavy reader's 500 follows are generated series: this one is the
    // series measured in both databases, so the reader's own series and chapter pages compare.
    name: 'the heavy reader follows, reads and unlocked chapters of the own series',
    text: `
      with reader as (select id from users where username = '${HEAVY_READER.username}'),
      own as (select id from series where slug = '${OWN_SERIES}')
      insert into bookmarks (user_id, series_id) select reader.id, own.id from reader, own on conflict do nothing;
      insert into reading_progress (user_id, chapter_id, series_id, position, completed, read_at)
      select u.id, c.id, c.series_id, 1, c.number < 3, now() - c.number * interval '1 minute'
      from users u, chapters c join series s on s.id = c.series_id
      where u.username = '${HEAVY_READER.username}' and s.slug = '${OWN_SERIES}' and c.number <= 3 and c.published_at <= now()
      on conflict do nothing;
      with picked as (
        select u.id as user_id, c.id as chapter_id, c.price from users u, chapters c join series s on s.id = c.series_id
        where u.username = '${HEAVY_READER.username}' and s.slug = '${OWN_SERIES}' and c.price > 0 and c.published_at <= now()
          and not exists (select 1 from chapter_unlocks x where x.user_id = u.id and x.chapter_id = c.id)
      ), ledger as (
        insert into coin_ledger (user_id, delta, kind, balance_after, reason, chapter_id)
        select user_id, -price, 'unlock', 0, 'Unlocked a chapter', chapter_id from picked returning id, user_id, chapter_id
      )
      insert into chapter_unlocks (user_id, chapter_id, coins, ledger_id)
      select l.user_id, l.chapter_id, p.price, l.id from ledger l join picked p using (user_id, chapter_id);`,
  },
  {
    name: 'a page of readers with a common name',
    demoOnly: true,
    text: `
      insert into users (email, username, password_hash, created_at)
      select 'common' || g || '@demo.local', '${COMMON_NAME}_ember' || g, 'x', now() - g * interval '1 day'
      from generate_series(1, 30) g on conflict do nothing;`,
  },
];

async function addMissingSteps(db: pg.ClientBase, large: boolean) {
  await db.query('create table if not exists bench_scale_steps (name text primary key)');
  const done = new Set((await db.query<{ name: string }>('select name from bench_scale_steps')).rows.map((row) => row.name));
  for (const step of STEPS) {
    if (done.has(step.name) || (step.demoOnly && large)) continue;
    await db.query('begin');
    await db.query(step.text);
    await db.query('insert into bench_scale_steps values ($1)', [step.name]);
    await db.query('commit');
  }
}

/**
 * A database ready to measure: created, migrated and given the demo by a first start of the
 * server, then (for the large one) the generated catalogue. Kept between runs.
 */
export async function prepare(adminUrl: string, name: string, size: CatalogueSize | null) {
  const large = size !== null;
  const url = urlOf(adminUrl, name);
  const admin = await connect(adminUrl);
  // What the database was built as: a different wish builds it again.
  const wanted = JSON.stringify(large ? size : 'demo, with a page of notices and of searched readers');
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rows.length > 0;
  let ready = false;
  if (exists && process.env.BENCH_SCALE_REBUILD !== '1') {
    const db = await connect(url);
    const [row] = (await db.query(`select to_regclass('bench_scale_info') as t`)).rows;
    if (row?.t) ready = (await db.query('select size from bench_scale_info')).rows[0]?.size === wanted;
    await db.end();
  }
  const dataDir = `${repoRoot}data/bench-scale/${name}`;
  if (!ready) {
    console.log(`Building ${name}${large ? ` (${size.readers} readers)` : ''} …`);
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
    mkdirSync(dataDir, { recursive: true });
    // The first start migrates and seeds the demo (covers, pages, store) exactly as production does.
    const first = await startServer(url, dataDir);
    await first.stop();
    const db = await connect(url);
    await ensureAccounts(db);
    if (large) {
      const started = performance.now();
      await generateCatalogue(db, size, (line) => console.log(line));
      console.log(`  built in ${((performance.now() - started) / 60_000).toFixed(1)} min`);
    } else {
      // The same reader on the demo: every series followed, the first chapters of each opened, and
      // a few pages of notices; and a page of readers the admin's search finds. Each call then
      // answers a page as long as the large catalogue's, so the ratio weighs the catalogue's size,
      // not a full page against an empty one.
      await db.query(`
        insert into bookmarks (user_id, series_id) select u.id, s.id from users u, series s where u.username = '${HEAVY_READER.username}';
        insert into reading_progress (user_id, chapter_id, series_id, position, completed, read_at)
        select u.id, c.id, c.series_id, 1, c.number < 3, now() - c.number * interval '1 minute'
        from users u, chapters c where u.username = '${HEAVY_READER.username}' and c.number <= 3 and c.published_at <= now();
        insert into notifications (user_id, title, description, link, is_read, created_at)
        select u.id, 'New chapter', 'Chapter ' || g || ' is out', null, g > 20, now() - g * interval '1 hour'
        from users u, generate_series(1, 30) g where u.username = '${HEAVY_READER.username}';
        insert into users (email, username, password_hash, created_at)
        select 'reader' || g || '@demo.local', '${SEARCHED_NAME}tern' || g, 'x', now() - g * interval '1 day'
        from generate_series(1, 30) g;`);
      await db.query('vacuum (analyze)');
    }
    await db.query('create table bench_scale_info (size text not null)');
    await db.query('insert into bench_scale_info values ($1)', [wanted]);
    await db.end();
  }
  await admin.end();
  const db = await connect(url);
  await addMissingSteps(db, large);
  await db.end();
  return { url, dataDir };
}

/**
 * The state of tables never vacuumed or analysed (issue 40 §2), as a database freshly loaded by a
 * restore or an import is until autovacuum comes by: no column statistics, and no row or page
 * counts, so the planner guesses from the files' sizes and default selectivities. Needs a
 * superuser; `analyze` brings the statistics back.
 */
export async function forgetStatistics(url: string) {
  const db = await connect(url);
  await db.query(`
    delete from pg_statistic where starelid in (select oid from pg_class where relnamespace = 'public'::regnamespace);
    delete from pg_statistic_ext_data where stxoid in (select oid from pg_statistic_ext where stxnamespace = 'public'::regnamespace);
    update pg_class set reltuples = -1, relpages = 0, relallvisible = 0
    where relnamespace = 'public'::regnamespace and relkind in ('r', 'i', 'm', 'p', 'I');`);
  // The bench's own writes just before (the catalogue's build, the metrics' roll-up) are flushed
  // now, not by a checkpoint that falls among the first requests it times.
  await db.query('checkpoint');
  await db.end();
}

export async function analyze(url: string) {
  const db = await connect(url);
  await db.query('analyze');
  await db.end();
}
