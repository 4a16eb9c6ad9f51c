/**
 * A catalogue a thousand times the demo (issue 18 §3), written straight into a migrated
 * PostgreSQL database with set-based SQL: each table is filled by one INSERT … SELECT over
 * generate_series, never one statement per row, so the full size loads in minutes.
 *
 * Rows are spread by arithmetic on row numbers (reader n follows series (n·7919 + k·stride) mod S,
 * and so on) rather than random(), so two runs build the same shape. Generated series are novels
 * with a short text: a comic's pages would add tens of millions of rows that no measured call reads.
 */
import type pg from 'pg';

export interface CatalogueSize {
  series: number;
  /** Chapters of an ordinary series. */
  chaptersPerSeries: number;
  /** A few series with thousands of chapters. */
  bigSeries: number;
  bigSeriesChapters: number;
  readers: number;
  followsPerReader: number;
  progressPerReader: number;
  notifications: number;
  comments: number;
  purchases: number;
  unlocks: number;
  subscriptions: number;
  /** Days of view counts, for the most viewed series. */
  viewDays: number;
  viewedSeries: number;
}

/** The issue's catalogue: ~20,000 series, ~1,000,000 chapters, 300,000 readers, 10,000,000 progress rows. */
const FULL_SIZE: CatalogueSize = {
  series: 20_000,
  chaptersPerSeries: 49,
  bigSeries: 5,
  bigSeriesChapters: 2_500,
  readers: 300_000,
  followsPerReader: 10,
  progressPerReader: 33,
  notifications: 1_000_000,
  comments: 500_000,
  purchases: 200_000,
  unlocks: 300_000,
  subscriptions: 5_000,
  viewDays: 365,
  viewedSeries: 2_000,
};

/** The full size times `factor` (BENCH_SCALE=0.05 for a quick pass); the big series keep their length. */
export function sizeOf(factor: number): CatalogueSize {
  const scaled = (n: number) => Math.max(1, Math.round(n * factor));
  return {
    ...FULL_SIZE,
    series: Math.max(FULL_SIZE.bigSeries + 500, scaled(FULL_SIZE.series)),
    readers: scaled(FULL_SIZE.readers),
    notifications: scaled(FULL_SIZE.notifications),
    comments: scaled(FULL_SIZE.comments),
    purchases: scaled(FULL_SIZE.purchases),
    unlocks: scaled(FULL_SIZE.unlocks),
    subscriptions: scaled(FULL_SIZE.subscriptions),
    viewedSeries: Math.min(scaled(FULL_SIZE.viewedSeries), FULL_SIZE.viewedSeries),
  };
}

/** The reader whose library is the largest: 500 series followed, 5,000 chapters opened. */
export const HEAVY_READER = { username: 'scale_reader', follows: 500, chaptersPerSeries: 10 };

const WORDS = [
  'lantern',
  'river',
  'ember',
  'hollow',
  'crown',
  'winter',
  'glass',
  'orchard',
  'tide',
  'signal',
  'raven',
  'copper',
  'meadow',
  'harbor',
  'thorn',
  'echo',
  'summit',
  'velvet',
  'cinder',
  'quill',
  'marble',
  'falcon',
  'willow',
  'storm',
  'silver',
  'garden',
  'mirror',
  'beacon',
  'comet',
  'maple',
  'dragon',
  'shadow',
  'petal',
  'forge',
  'sparrow',
  'moon',
  'atlas',
  'ivory',
  'blossom',
  'iron',
];
const NAMES = [
  'ada',
  'bruno',
  'chiara',
  'dmitri',
  'elena',
  'farah',
  'gustav',
  'hana',
  'ivan',
  'jun',
  'kofi',
  'lena',
  'mateo',
  'nadia',
  'oskar',
  'priya',
  'quentin',
  'rosa',
  'sven',
  'tariq',
  'uma',
  'viktor',
  'wen',
  'ximena',
  'yusuf',
  'zoe',
  'amara',
  'bjorn',
  'camille',
  'diego',
];
const array = (items: string[]) => `array[${items.map((item) => `'${item}'`).join(',')}]`;
const word = (expr: string) => `(${array(WORDS)})[1 + (${expr}) % ${WORDS.length}]`;
const name = (expr: string) => `(${array(NAMES)})[1 + (${expr}) % ${NAMES.length}]`;

const NOVEL_TEXT =
  '<p>The lantern swung in the wind as the ferry left the harbor, and the river carried its light downstream.</p>' +
  '<p>Nobody on the deck spoke; each of them had a reason to cross that night, and none of them would tell it.</p>';

/** Builds the catalogue on `sql`'s database, which holds the demo catalogue and store already. */
export async function generateCatalogue(sql: pg.ClientBase, size: CatalogueSize, log: (line: string) => void): Promise<void> {
  const step = async (label: string, text: string) => {
    const started = performance.now();
    const result = await sql.query(text);
    log(`  ${label}: ${result.rowCount ?? 0} rows, ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  const S = size.series;
  const R = size.readers;
  // The rows are consistent by construction: skipping the foreign keys' per-row checks (a
  // superuser's session setting) makes the ten million progress rows load several times faster.
  await sql.query(`set session_replication_role = replica`);
  await sql.query(`set maintenance_work_mem = '512MB'`);
  // The big tables' indexes are built once after their rows are in, rather than kept up to date
  // row by row (random uuids in a B-tree larger than memory: most of the time went there).
  const rebuild: string[] = [];
  for (const table of ['reading_progress', 'bookmarks', 'notifications', 'comments']) {
    const { rows: constraints } = await sql.query<{ name: string; def: string }>(
      `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid = $1::regclass and contype in ('p', 'u')
        -- A key other tables' foreign keys point at stays (comments' id).
        and not exists (select 1 from pg_constraint f where f.confrelid = $1::regclass and f.contype = 'f')`,
      [table],
    );
    const { rows: indexes } = await sql.query<{ name: string; def: string }>(
      `select indexname as name, indexdef as def from pg_indexes
      where tablename = $1 and indexname not in (select conname from pg_constraint where conrelid = $1::regclass)`,
      [table],
    );
    for (const c of constraints) {
      await sql.query(`alter table ${table} drop constraint "${c.name}"`);
      rebuild.push(`alter table ${table} add constraint "${c.name}" ${c.def}`);
    }
    for (const index of indexes) {
      await sql.query(`drop index "${index.name}"`);
      rebuild.push(index.def);
    }
  }

  await step(
    'series',
    `insert into series (type, slug, title, alternative_names, description, status, author, is_published, views, created_at, updated_at)
     select 'novel', 'scale-' || g,
       initcap(${word('g * 7')} || ' of the ' || ${word('g * 13 + g / 40')} || ' ' || ${word('g / 1600 + g * 3')}) || ' ' || g,
       '', 'A story of ' || ${word('g * 11')} || ' and ' || ${word('g * 17')} || '.',
       (array['ongoing','completed','hiatus','ongoing'])[1 + g % 4], initcap(${name('g')}),
       g % 20 <> 0, (g * 7919) % 1000003,
       now() - (g % 1500) * interval '1 day', now() - (g % 700) * interval '1 hour'
     from generate_series(1, ${S}) g`,
  );
  await sql.query(`
    create table scale_series as
      select id, row_number() over (order by slug collate "C") as n, 0 as cnt, now() as last_at from series where slug like 'scale-%';
    update scale_series set cnt = case when n <= ${size.bigSeries} then ${size.bigSeriesChapters} else ${size.chaptersPerSeries} end,
      last_at = now() - (n % 2000) * interval '1 hour';
    create unique index on scale_series (n);`);
  await step(
    'series genres',
    `insert into series_genres (series_id, genre_id)
     select s.id, g.id from scale_series s
     join (select id, row_number() over (order by slug) as k, count(*) over () as total from genres) g
       on g.k = 1 + s.n % g.total or g.k = 1 + (s.n * 7) % g.total
     on conflict do nothing`,
  );
  // The last three chapters of each series are priced: two early access (free in a week), one premium.
  await step(
    'chapters',
    `insert into chapters (series_id, number, slug, title, published_at, price, free_at, content, preview_percent, announced_at, created_at, updated_at)
     select s.id, x.num, 'chapter-' || x.num, initcap(${word('x.num * 5 + s.n')}),
       s.last_at - (s.cnt - x.num) * interval '1 day',
       case when x.num > s.cnt - 3 then 30 else 0 end,
       case when x.num > s.cnt - 2 then s.last_at + interval '7 days' end,
       '${NOVEL_TEXT}', case when x.num > s.cnt - 3 then 20 else 0 end,
       s.last_at - (s.cnt - x.num) * interval '1 day',
       s.last_at - (s.cnt - x.num) * interval '1 day', s.last_at - (s.cnt - x.num) * interval '1 day'
     from scale_series s, generate_series(1, s.cnt) as x(num)`,
  );
  await sql.query(`
    update series set last_chapter_at = s.last_at from scale_series s where s.id = series.id;
    create table scale_chapters as
      select c.id, s.n as sn, c.number::int as num, c.series_id, c.price from chapters c join scale_series s on s.id = c.series_id;
    create unique index on scale_chapters (sn, num);`);

  await step(
    'readers',
    `insert into users (email, username, password_hash, created_at, updated_at)
     select 'reader' || g || '@scale.local', ${name('g')} || '_' || ${word('g / 30')} || g, 'not-a-password-hash',
       now() - (g % 730) * interval '1 day' - (g % 1440) * interval '1 minute', now()
     from generate_series(1, ${R}) g`,
  );
  await sql.query(`
    create table scale_users as
      select id, row_number() over (order by email collate "C") as n from users where email like '%@scale.local';
    create unique index on scale_users (n);`);

  // Reader n follows series 1 + (n·7919 + k·stride) mod S; their progress runs through those series' first chapters.
  // A step prime to S, so one reader's k-th follows are all different series (their keys are unique).
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let stride = 104_729;
  while (gcd(stride % S, S) !== 1) stride += 2;
  const followed = (k: string) => `1 + (u.n * 7919 + (${k}) * ${stride}) % ${S}`;
  await step(
    'follows',
    `insert into bookmarks (user_id, series_id, created_at)
     select u.id, s.id, now() - ((u.n + k * 37) % 720) * interval '1 day'
     from scale_users u cross join generate_series(1, ${size.followsPerReader}) k
     join scale_series s on s.n = ${followed('k')}
     on conflict do nothing`,
  );
  await step(
    'progress',
    `insert into reading_progress (user_id, chapter_id, series_id, position, completed, read_at)
     select u.id, c.id, c.series_id, case when k % 4 = 0 then 0.4 else 1 end, k % 4 <> 0,
       now() - ((u.n * 13 + k * 17) % 100000) * interval '1 minute'
     from scale_users u cross join generate_series(0, ${size.progressPerReader - 1}) k
     join scale_chapters c on c.sn = ${followed(`1 + k % ${size.followsPerReader}`)} and c.num = 1 + k / ${size.followsPerReader}
     on conflict do nothing`,
  );

  await step(
    'notifications',
    `insert into notifications (user_id, title, description, link, is_read, kind, created_at)
     select u.id, 'New chapter', 'Chapter ' || (1 + g % 40) || ' is out', '/SeriesView/scale-' || (1 + g % ${S}),
       g % 3 <> 0, 'general', now() - (g % 525600) * interval '1 minute'
     from generate_series(1, ${size.notifications}) g join scale_users u on u.n = 1 + (g * 31) % ${R}`,
  );
  await step(
    'comments',
    `insert into comments (user_id, series_id, chapter_id, body, report_count, created_at)
     select u.id, c.series_id, c.id, 'What a chapter, the ' || ${word('g')} || ' scene got me.',
       case when g % 500 = 0 then 1 else 0 end, now() - (g % 525600) * interval '1 minute'
     from generate_series(1, ${size.comments}) g
     join scale_users u on u.n = 1 + (g * 17) % ${R}
     join scale_chapters c on c.sn = 1 + (g * 7) % ${S} and c.num = 1 + g % 3`,
  );

  // Coin purchases paid over two years (one in fifty refunded), each with its ledger row.
  await step(
    'purchases',
    `insert into purchases (user_id, kind, status, package_id, amount_cents, currency, coins, item_name, provider,
       provider_session_id, created_at, paid_at, refunded_at)
     select u.id, 'coins', case when g % 50 = 0 then 'refunded' else 'paid' end, p.id, p.price_cents, p.currency,
       p.coins + p.bonus_coins, p.name, 'test', 'scale_' || g,
       now() - (g % 1051200) * interval '1 minute', now() - (g % 1051200) * interval '1 minute',
       case when g % 50 = 0 then now() - (g % 1051200) * interval '1 minute' + interval '1 day' end
     from generate_series(1, ${size.purchases}) g
     join scale_users u on u.n = 1 + (g * 13) % ${R}
     join (select *, row_number() over (order by position) as k, count(*) over () as total from coin_packages) p
       on p.k = 1 + g % p.total`,
  );
  await step(
    'ledger (purchases)',
    `insert into coin_ledger (user_id, delta, kind, balance_after, reason, purchase_id, created_at)
     select user_id, coins, 'purchase', coins, 'Bought ' || item_name, id, paid_at from purchases where provider_session_id like 'scale_%'`,
  );
  await step(
    'unlocks',
    `with picked as (
       select distinct on (u.id, c.id) u.id as user_id, c.id as chapter_id, c.price, now() - (g % 1051200) * interval '1 minute' as at
       from generate_series(1, ${size.unlocks}) g
       join scale_users u on u.n = 1 + (g * 29) % ${R}
       join scale_series s on s.n = 1 + (g * 7) % ${S}
       join scale_chapters c on c.sn = s.n and c.num = s.cnt - g % 3
     ), ledger as (
       insert into coin_ledger (user_id, delta, kind, balance_after, reason, chapter_id, created_at)
       select user_id, -price, 'unlock', 0, 'Unlocked a chapter', chapter_id, at from picked returning id, user_id, chapter_id, created_at
     )
     insert into chapter_unlocks (user_id, chapter_id, coins, ledger_id, created_at)
     select l.user_id, l.chapter_id, p.price, l.id, l.created_at from ledger l join picked p using (user_id, chapter_id)`,
  );
  await step(
    'subscriptions',
    `with plan as (select * from plans order by price_cents limit 1),
     bought as (
       insert into purchases (user_id, kind, status, plan_id, amount_cents, currency, item_name, provider, provider_session_id, created_at, paid_at)
       select u.id, 'plan', 'paid', plan.id, plan.price_cents, plan.currency, plan.name, 'test', 'scale_plan_' || g,
         now() - (g % 600) * interval '1 day', now() - (g % 600) * interval '1 day'
       from generate_series(1, ${size.subscriptions}) g join scale_users u on u.n = 1 + (g * 41) % ${R}, plan
       returning id, user_id, plan_id, paid_at
     )
     insert into subscriptions (user_id, plan_id, purchase_id, status, provider, current_period_start, current_period_end, started_at, ended_at)
     select distinct on (user_id) user_id, plan_id, id, case when paid_at > now() - interval '300 days' then 'active' else 'ended' end, 'test',
       now() - interval '10 days', case when paid_at > now() - interval '300 days' then now() + interval '20 days' else paid_at + interval '300 days' end,
       paid_at, case when paid_at > now() - interval '300 days' then null else paid_at + interval '300 days' end
     from bought order by user_id, paid_at desc`,
  );
  await step(
    'daily views',
    `insert into daily_views (day, series_id, chapter_id, views)
     select (now() at time zone 'UTC')::date - d, s.id, coalesce(c.id, '00000000-0000-0000-0000-000000000000'::uuid),
       1 + (s.n * 31 + d * 7) % 500
     from generate_series(0, ${size.viewDays - 1}) d
     join scale_series s on s.n <= ${size.viewedSeries}
     left join lateral (
       select id from scale_chapters c where c.sn = s.n and c.num in (1, 2, 1 + d % 40) union all select null
     ) c on true
     on conflict do nothing`,
  );

  // The heaviest library: HEAVY_READER follows 500 series and has opened 10 chapters in each.
  await step(
    'the heavy reader',
    `with reader as (select id from users where username = '${HEAVY_READER.username}'),
     picked as (select s.n, s.id from scale_series s where s.n % ${Math.max(1, Math.floor(S / HEAVY_READER.follows))} = 0 order by s.n limit ${HEAVY_READER.follows}),
     follows as (
       insert into bookmarks (user_id, series_id, created_at)
       select reader.id, picked.id, now() - picked.n * interval '1 minute' from reader, picked on conflict do nothing returning 1
     )
     insert into reading_progress (user_id, chapter_id, series_id, position, completed, read_at)
     select reader.id, c.id, c.series_id, case when c.num = ${HEAVY_READER.chaptersPerSeries} then 0.5 else 1 end,
       c.num < ${HEAVY_READER.chaptersPerSeries}, now() - (p.n * 10 + c.num) * interval '1 minute'
     from reader, picked p join scale_chapters c on c.sn = p.n and c.num <= ${HEAVY_READER.chaptersPerSeries}
     on conflict do nothing`,
  );
  await step(
    'the heavy reader notifications',
    `insert into notifications (user_id, title, description, link, is_read, created_at)
     select u.id, 'New chapter', 'Chapter ' || g || ' is out', null, g > 20, now() - g * interval '1 hour'
     from users u, generate_series(1, 2000) g where u.username = '${HEAVY_READER.username}'`,
  );
  await sql.query(`drop table scale_series; drop table scale_chapters; drop table scale_users;`);
  const indexing = performance.now();
  for (const statement of rebuild) await sql.query(statement);
  log(`  indexes of the big tables: ${((performance.now() - indexing) / 1000).toFixed(1)} s`);
  await sql.query(`set session_replication_role = origin`);
  // The load ran without triggers: count the admin's and team's big lists from their rows.
  await sql.query(`select list_counts_recount()`);
  const started = performance.now();
  await sql.query('vacuum (analyze)');
  log(`  vacuum and analyze: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
