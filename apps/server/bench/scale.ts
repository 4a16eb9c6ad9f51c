/**
 * npm run bench:scale (issue 18 §3): Inkwell on a catalogue a thousand times the demo, beside the
 * same calls on the demo, on PostgreSQL. Not part of npm test.
 *
 * Two databases on the server BENCH_DATABASE_URL (or TEST_DATABASE_URL) names: inkwell_scale_demo
 * (the demo alone) and inkwell_scale (the demo plus bench/scale/catalogue.ts's catalogue, built
 * once in minutes and kept for the next run; BENCH_SCALE_REBUILD=1 builds it again, BENCH_SCALE=0.05
 * builds a smaller one, BENCH_SCALE_BUILD_ONLY=1 builds them without measuring). The server is the production entry (src/main.ts) in a process of its own,
 * NODE_ENV=production, with Redis when REDIS_URL is set. Each call is measured after a warm-up
 * pass, alone (1 connection) and at 32 connections (BENCH_SCALE_RUNS times, 3 by default: the median
 * p99 counts, the runs' spread is printed beside it), with autocannon; the table gives p50/p99,
 * requests/s and the large catalogue's p99 against the demo's. The server's memory is read from
 * /proc before and after.
 *
 * Targets: no call's p99 more than 2× its demo figure (a year of admin metrics: p99 ≤ 500 ms), no
 * 5xx, memory flat, and a team edit does not make the next requests slow for everyone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { fillPath, ROUTES } from '@inkwell/contract';
import { openPostgres } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { hashPassword } from '../src/lib/passwords';
import { createMetricsRollup } from '../src/modules/team/metrics';
import { generateCatalogue, HEAVY_READER, sizeOf } from './scale/catalogue';
import {
  ALONE_SECONDS,
  CROWD,
  CROWD_RUNS,
  CROWD_SECONDS,
  measure,
  measureAfterEdits,
  spreadOf,
  type Figures,
} from './scale/measure';
import { checkPlans } from './scale/plans';

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const FACTOR = Number(process.env.BENCH_SCALE ?? 1);
/** The large catalogue's database (another name keeps a smaller try beside the full one). */
const LARGE_DB = process.env.BENCH_SCALE_DB ?? 'inkwell_scale';
/** Only the calls whose name matches (BENCH_SCALE_ONLY='reader|metrics'), to measure one change quickly. */
const ONLY = process.env.BENCH_SCALE_ONLY ? new RegExp(process.env.BENCH_SCALE_ONLY) : undefined;
const PASSWORD = 'scale-bench-password-71';
/** The part of a name the admin's search looks for: the large catalogue has 250 such readers, the demo 30. */
const SEARCHED_NAME = 'ada_lan';
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const webBuilt = existsSync(`${repoRoot}apps/web/dist/index.html`);

const urlOf = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A server of the production entry on `databaseUrl`; resolves once it listens. */
async function startServer(
  databaseUrl: string,
  dataDir: string,
): Promise<{ port: number; child: ChildProcess; stop(): Promise<void> }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, ['--import', 'tsx', `${repoRoot}apps/server/src/main.ts`], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: 'scale-bench-secret-scale-bench-secret-0',
      MEDIA_AVIF: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  lines.on('line', () => {});
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('the server did not start in 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    port,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const rssMb = (child: ChildProcess) => {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
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
 * A database ready to measure: created, migrated and given the demo by a first start of the
 * server, then (for the large one) the generated catalogue. Kept between runs.
 */
/** One connection to `url`, open. */
async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

async function prepare(name: string, large: boolean) {
  const admin = await connect(adminUrl);
  // What the database was built as: a different wish builds it again.
  const wanted = JSON.stringify(large ? sizeOf(FACTOR) : 'demo, with a page of notices and of searched readers');
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rows.length > 0;
  let ready = false;
  if (exists && process.env.BENCH_SCALE_REBUILD !== '1') {
    const db = await connect(urlOf(name));
    const [row] = (await db.query(`select to_regclass('bench_scale_info') as t`)).rows;
    if (row?.t) ready = (await db.query('select size from bench_scale_info')).rows[0]?.size === wanted;
    await db.end();
  }
  const dataDir = `${repoRoot}data/bench-scale/${name}`;
  if (ready) {
    await admin.end();
    return { url: urlOf(name), dataDir };
  }
  console.log(`Building ${name}${large ? ` (${FACTOR}× the issue's catalogue)` : ''} …`);
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  mkdirSync(dataDir, { recursive: true });
  // The first start migrates and seeds the demo (covers, pages, store) exactly as production does.
  const first = await startServer(urlOf(name), dataDir);
  await first.stop();
  const db = await connect(urlOf(name));
  await ensureAccounts(db);
  if (large) {
    const started = performance.now();
    await generateCatalogue(db, sizeOf(FACTOR), (line) => console.log(line));
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
  return { url: urlOf(name), dataDir };
}

async function signIn(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}${ROUTES.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('inkwell_session='));
  if (!response.ok || !cookie) throw new Error(`${username} could not sign in: ${response.status} ${await response.text()}`);
  return cookie.split(';')[0]!;
}

interface Call {
  name: string;
  path: string;
  as?: 'reader' | 'editor' | 'admin';
  page?: boolean;
  /** Measured right after a team edit, which clears every kept answer (measureAfterEdits). */
  afterEdit?: boolean;
}

/** The measured calls; `big` is the series with the most chapters in the database. */
function callsOf(big: { slug: string; chapter: string }, admin: { userPart: string }): Call[] {
  const series = fillPath(ROUTES.series.path, { slug: 'the-lantern-keeper' });
  const chapter = fillPath(ROUTES.chapter.path, { slug: 'the-lantern-keeper', chapterSlug: 'chapter-2' });
  const today = new Date().toISOString().slice(0, 10);
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  return [
    { name: 'home API', path: ROUTES.home.path },
    { name: 'series list, latest, page 1', path: `${ROUTES.seriesList.path}?sort=latest` },
    { name: 'series list, popular, page 1', path: `${ROUTES.seriesList.path}?sort=popular` },
    {
      name: 'series list, title, last page',
      path: `${ROUTES.seriesList.path}?sort=title&page=${big.slug.startsWith('scale') ? 200 : 1}`,
    },
    { name: 'series API', path: series },
    { name: 'series API, most chapters', path: fillPath(ROUTES.series.path, { slug: big.slug }) },
    { name: 'chapter API (visitor)', path: chapter },
    { name: 'chapter API, most chapters', path: fillPath(ROUTES.chapter.path, { slug: big.slug, chapterSlug: big.chapter }) },
    { name: 'search with a typo', path: `${ROUTES.searchSeries.path}?q=lantren` },
    { name: 'series page (visitor)', path: '/SeriesView/the-lantern-keeper', page: true },
    { name: 'series page, most chapters', path: `/SeriesView/${big.slug}`, page: true },
    { name: 'reader: continue reading', path: `${ROUTES.history.path}?by=series&perPage=12`, as: 'reader' },
    { name: 'reader: history', path: ROUTES.history.path, as: 'reader' },
    { name: 'reader: bookmarks', path: ROUTES.bookmarks.path, as: 'reader' },
    { name: 'reader: notifications', path: ROUTES.notifications.path, as: 'reader' },
    { name: 'reader: unread count', path: ROUTES.notificationsUnreadCount.path, as: 'reader' },
    { name: 'reader: series API', path: series, as: 'reader' },
    { name: 'reader: series page', path: '/SeriesView/the-lantern-keeper', as: 'reader', page: true },
    { name: 'reader: chapter page', path: '/SeriesView/the-lantern-keeper/chapter-2', as: 'reader', page: true },
    { name: 'team: series list', path: ROUTES.teamSeriesList.path, as: 'editor' },
    { name: 'team: metrics, 30 days', path: ROUTES.teamMetrics.path, as: 'editor' },
    { name: 'admin: users', path: ROUTES.adminUsers.path, as: 'admin' },
    { name: 'admin: users, part of a name', path: `${ROUTES.adminUsers.path}?q=${admin.userPart}`, as: 'admin' },
    { name: 'admin: purchases', path: ROUTES.adminPurchases.path, as: 'admin' },
    { name: 'admin: metrics, 30 days', path: ROUTES.adminMetrics.path, as: 'admin' },
    { name: 'admin: metrics, a year', path: `${ROUTES.adminMetrics.path}?from=${daysAgo(364)}&to=${today}`, as: 'admin' },
    { name: 'team: metrics, a year', path: `${ROUTES.teamMetrics.path}?from=${daysAgo(364)}&to=${today}`, as: 'editor' },
    { name: 'after a team edit: home API', path: ROUTES.home.path, afterEdit: true },
    { name: 'after a team edit: latest list', path: `${ROUTES.seriesList.path}?sort=latest`, afterEdit: true },
    { name: 'after a team edit: series API', path: series, afterEdit: true },
    { name: 'after a team edit: continue', path: `${ROUTES.history.path}?by=series&perPage=12`, as: 'reader', afterEdit: true },
    { name: 'after a team edit: series page', path: '/SeriesView/the-lantern-keeper', as: 'reader', page: true, afterEdit: true },
  ];
}

async function measureDatabase(name: string, large: boolean) {
  const { url, dataDir } = await prepare(name, large);
  const db = await connect(url);
  const [big] = (
    await db.query<{ slug: string; chapter: string | null }>(`select s.slug, (select slug from chapters c where c.series_id = s.id
      and c.published_at <= now() and c.price = 0 order by number desc limit 1) as chapter
    from series s where s.is_published order by (select count(*) from chapters c where c.series_id = s.id) desc, s.slug limit 1`)
  ).rows;
  const [edited] = (await db.query<{ id: string }>(`select id from series where slug = 'the-lantern-keeper'`)).rows;
  await db.end();
  // The metrics' closed days as a running site has them: the roll-up job (every ten minutes) has
  // not run on a database just built, and a request would compute every closed day live.
  const handle = openPostgres(url, { max: 2 });
  await handle.migrate();
  const rollup = createMetricsRollup({ db: handle.reportsDb, clock: systemClock });
  while ((await rollup.rollUp()) > 0);
  await handle.close();
  const server = await startServer(url, dataDir);
  const base = `http://127.0.0.1:${server.port}`;
  const cookies = {
    reader: await signIn(base, HEAVY_READER.username),
    editor: await signIn(base, 'scale_editor'),
    admin: await signIn(base, 'scale_admin'),
  };
  const memory = { start: rssMb(server.child), peak: 0, end: 0 };
  // A team edit as an editor makes it: the series' description, through the team's API.
  let edits = 0;
  const edit = async () => {
    edits += 1;
    const response = await fetch(`${base}${fillPath(ROUTES.teamSeriesUpdate.path, { id: String(edited!.id) })}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: base, cookie: cookies.editor },
      body: JSON.stringify({ description: `A keeper of lanterns on a coast of storms (edit ${edits}).` }),
    });
    if (!response.ok) throw new Error(`the team edit answered ${response.status}: ${await response.text()}`);
  };
  const results = new Map<string, Figures>();
  try {
    for (const call of callsOf({ slug: big!.slug as string, chapter: big!.chapter as string }, { userPart: SEARCHED_NAME })) {
      if ((call.page && !webBuilt) || (ONLY && !ONLY.test(call.name))) continue;
      // As a browser asks: large answers may come compressed.
      const headers: Record<string, string> = { 'accept-encoding': 'br, gzip' };
      if (call.as) headers.cookie = cookies[call.as];
      if (call.page) headers.accept = 'text/html';
      const figures = call.afterEdit
        ? await measureAfterEdits(`${base}${call.path}`, headers, edit)
        : await measure(`${base}${call.path}`, headers);
      results.set(call.name, figures);
      const rss = rssMb(server.child);
      memory.peak = Math.max(memory.peak, rss);
      console.log(
        `  ${call.name.padEnd(34)} first ${figures.first.toFixed(0).padStart(6)} ms · alone p50 ${figures.aloneP50.toFixed(0).padStart(5)} ms · ` +
          `${CROWD} conn ${figures.rps.toFixed(0).padStart(6)} req/s p99 ${figures.p99.toFixed(0).padStart(6)} ms ${spreadOf(figures)}` +
          (call.afterEdit ? ` · slowest ${figures.max.toFixed(0)} ms` : '') +
          ` · RSS ${rss.toFixed(0)} MB` +
          (figures.status5xx || figures.errors ? ` · ${figures.status5xx} 5xx, ${figures.errors} errors` : ''),
      );
    }
    memory.end = rssMb(server.child);
  } finally {
    await server.stop();
  }
  return { results, memory };
}

console.log(
  `Inkwell at scale on ${new URL(adminUrl).host}: ${ALONE_SECONDS} s alone, ${CROWD_RUNS} × ${CROWD_SECONDS} s at ${CROWD} connections per call (p99: the runs' median, their spread in brackets)\n`,
);
if (!webBuilt) console.log('Pages skipped: run npm run build first.\n');
if (process.env.BENCH_SCALE_BUILD_ONLY === '1') {
  // Build (or check) both databases and stop: the measuring can then run on a quiet machine.
  await prepare('inkwell_scale_demo', false);
  await prepare(LARGE_DB, true);
  console.log('Both databases are ready.');
  process.exit(0);
}
console.log('The demo:');
const demo = await measureDatabase('inkwell_scale_demo', false);
console.log(`\nThe large catalogue (${FACTOR}×):`);
const large = await measureDatabase(LARGE_DB, true);

const YEAR_METRICS_P99 = 500;
console.log(
  `\n${'call'.padEnd(34)} ${'demo p99'.padStart(9)} ${'large p99'.padStart(10)} ${'ratio'.padStart(6)}  verdict  spread (demo · large)`,
);
let failed = 0;
for (const [name, figures] of large.results) {
  const base = demo.results.get(name);
  if (!base) continue;
  // A floor of 5 ms under the demo's figure: a ratio of two tiny numbers says nothing.
  const ratio = figures.p99 / Math.max(base.p99, 5);
  const limit = name.includes('a year') ? figures.p99 <= YEAR_METRICS_P99 : ratio <= 2;
  const ok = limit && figures.status5xx === 0 && figures.errors === 0;
  if (!ok) failed += 1;
  console.log(
    `${name.padEnd(34)} ${base.p99.toFixed(0).padStart(7)}ms ${figures.p99.toFixed(0).padStart(8)}ms ${ratio.toFixed(1).padStart(5)}×  ${(ok ? 'ok' : 'OVER').padEnd(7)}  ${spreadOf(base)} · ${spreadOf(figures)}`,
  );
}
// The query-plan tests' queries on the large catalogue: none may read a large table whole.
const plansHandle = openPostgres(urlOf(LARGE_DB), { max: 1 });
const plans = await checkPlans(plansHandle, HEAVY_READER.username);
await plansHandle.close();
console.log(`\n${'hot query on the large catalogue'.padEnd(38)} ${'time'.padStart(8)}  plan`);
for (const plan of plans) {
  if (plan.seqScans.length > 0) failed += 1;
  console.log(
    `${plan.name.padEnd(38)} ${plan.ms.toFixed(1).padStart(6)}ms  ${plan.seqScans.length > 0 ? `READS WHOLE ${plan.seqScans.join(', ')}` : 'indexes'}`,
  );
}

console.log(
  `\nServer memory (RSS): demo ${demo.memory.start.toFixed(0)} → peak ${demo.memory.peak.toFixed(0)} MB; ` +
    `large ${large.memory.start.toFixed(0)} → peak ${large.memory.peak.toFixed(0)} → end ${large.memory.end.toFixed(0)} MB`,
);
console.log(
  failed === 0
    ? '\nEvery call within its target, every hot query on its indexes.'
    : `\n${failed} call(s) or plan(s) over their target.`,
);
process.exit(failed === 0 ? 0 : 1);
