/**
 * npm run soak (issue 20 §2, not part of npm test): one Inkwell instance on PostgreSQL under ten
 * minutes of mixed traffic: visitors reading, signed-in readers reading, saving their place,
 * bookmarking, buying coins and unlocking, commenting; an editor publishing chapters and uploading
 * pages. Prints per minute the requests, errors, p50/p99, the server's RSS and heap, its event
 * loop's delay (p99), its open handles and its database connections.
 *
 * Targets: memory flat after warm-up (the last five minutes' RSS within 10 % of each other), no
 * error, p99 steady (the last five minutes' worst within twice their best). SOAK_MINUTES (default
 * 10) and SOAK_USERS (default 24) tune it; the database is a scratch one on the server
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { fillPath, ROUTES, type EndpointName } from '@inkwell/contract';
import pg from 'pg';
import sharp from 'sharp';
import { openPostgres } from '../src/db/client';
import { hashPassword } from '../src/lib/passwords';
import { insertUser } from '../src/modules/identity/users';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const USERS = Number(process.env.SOAK_USERS ?? 24);
const WARM_UP_MINUTES = Math.min(5, Math.max(1, MINUTES - 5));
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('npm run soak needs PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
  process.exit(1);
}
const root = fileURLToPath(new URL('../../..', import.meta.url));
const name = `inkwell_soak_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists "${name}" with (force)`);
await admin.query(`create database "${name}"`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();
const dataDir = mkdtempSync(join(tmpdir(), 'inkwell-soak-'));
const port = 4300 + (process.pid % 500);
const base = `http://127.0.0.1:${port}`;
const PASSWORD = 'soak-reader-password-71';

// Accounts first, straight in the database (the server migrates the same way at its start).
const setup = openPostgres(databaseUrl);
await setup.migrate();
const passwordHash = await hashPassword(PASSWORD);
const readers = USERS - Math.floor(USERS / 2) - 1;
for (let i = 0; i < readers; i += 1) {
  await insertUser(setup.db, { email: `soak${i}@example.com`, username: `soak_reader_${i}`, passwordHash });
}
await insertUser(setup.db, { email: 'soak-editor@example.com', username: 'soak_editor', passwordHash, role: 'editor' });
await setup.close();

const server = spawn(
  process.execPath,
  ['--import', 'tsx', '--import', './apps/server/bench/soak-probe.mjs', 'apps/server/src/main.ts'],
  {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'soak-secret-soak-secret-soak-secret-0123',
      SEED_DEMO: '1',
      MEDIA_AVIF: '0',
      LOG_LEVEL: 'warn',
      AUTH_ATTEMPTS_PER_WINDOW: '100000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const probes: { at: number; rss: number; heapUsed: number; delayP99: number; handles: number }[] = [];
createInterface({ input: server.stdout! }).on('line', (line) => {
  if (line.startsWith('SOAK-PROBE ')) probes.push({ at: Date.now(), ...JSON.parse(line.slice(11)) });
});
for (let i = 0; ; i += 1) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    // not listening yet
  }
  if (i > 300) throw new Error('the server did not start');
  await new Promise((resolve) => setTimeout(resolve, 1000));
}

interface Sample {
  at: number;
  ms: number;
  ok: boolean;
}
const samples: Sample[] = [];
const failures = new Map<string, number>();

/** One call, timed; anything but the statuses the scenario expects counts as an error. */
async function call(
  name: EndpointName,
  options: { cookie?: string; params?: Record<string, string | number>; body?: unknown; form?: FormData; expect?: number[] } = {},
) {
  const route = ROUTES[name];
  const started = performance.now();
  let status = 0;
  let data: unknown;
  try {
    const response = await fetch(`${base}${fillPath(route.path, options.params)}`, {
      method: route.method,
      headers: {
        origin: base,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    status = response.status;
    const text = await response.text();
    data = text.startsWith('{') ? JSON.parse(text) : undefined;
    if (name === 'login') return { status, data, cookie: response.headers.get('set-cookie')?.split(';')[0] };
  } catch {
    status = 0;
  } finally {
    const ok = status >= 200 && status < 300 ? true : (options.expect ?? []).includes(status);
    samples.push({ at: Date.now(), ms: performance.now() - started, ok });
    if (!ok) failures.set(`${name} ${status}`, (failures.get(`${name} ${status}`) ?? 0) + 1);
  }
  return { status, data, cookie: undefined };
}
const dataOf = <T>(answer: { data: unknown }) => (answer.data as { data: T }).data;

const home = dataOf<{ latest: { slug: string }[] }>(await call('home'));
const slugs = home.latest.map((series) => series.slug).slice(0, 8);
const seriesOf = new Map<string, { id: string; chapters: { id: string; slug: string; access: string }[] }>();
for (const slug of slugs) seriesOf.set(slug, dataOf(await call('series', { params: { slug } })));
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
const packages = dataOf<{ items: { id: string }[] }>(await call('coinPackages')).items;
const deadline = Date.now() + MINUTES * 60_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function visitor() {
  while (Date.now() < deadline) {
    const slug = pick(slugs);
    await call('home');
    await call('series', { params: { slug } });
    const chapter = pick(seriesOf.get(slug)!.chapters);
    await call('chapter', { params: { slug, chapterSlug: chapter.slug } });
    await pause(100);
  }
}

async function reader(index: number) {
  const login = await call('login', { body: { username: `soak_reader_${index}`, password: PASSWORD } });
  const cookie = login.cookie!;
  for (let round = 0; Date.now() < deadline; round += 1) {
    const slug = pick(slugs);
    const series = seriesOf.get(slug)!;
    const chapter = pick(series.chapters);
    await call('chapter', { cookie, params: { slug, chapterSlug: chapter.slug } });
    await call('progressSave', { cookie, params: { chapterId: chapter.id }, body: { position: Math.random() }, expect: [404] });
    await call(round % 2 === 0 ? 'bookmarkAdd' : 'bookmarkRemove', { cookie, params: { seriesId: series.id } });
    await call('notifications', { cookie });
    if (round % 25 === 0) {
      const started = dataOf<{ purchaseId: string }>(
        await call('checkout', { cookie, body: { kind: 'coins', packageId: pick(packages).id } }),
      );
      await call('testCheckoutComplete', { cookie, params: { purchaseId: started.purchaseId } });
      const locked = series.chapters.filter((item) => item.access === 'locked' || item.access === 'early_access');
      if (locked.length > 0) await call('unlockChapter', { cookie, params: { chapterId: pick(locked).id }, expect: [402] });
    }
    if (round % 40 === 5) {
      await call('commentCreate', {
        cookie,
        body: { chapterId: chapter.id, body: `Soak comment ${round} from reader ${index}` },
        expect: [429],
      });
    }
    await pause(150);
  }
}

async function editor() {
  const login = await call('login', { body: { username: 'soak_editor', password: PASSWORD } });
  const cookie = login.cookie!;
  const page = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#345' } })
    .png()
    .toBuffer();
  const series = [...seriesOf.values()][0]!;
  for (let round = 1; Date.now() < deadline; round += 1) {
    const created = dataOf<{ id: string }>(
      await call('teamChapterCreate', {
        cookie,
        params: { id: series.id },
        body: { number: 5000 + round, title: `Soak ${round}`, publishedAt: new Date().toISOString(), price: 0 },
      }),
    );
    const form = new FormData();
    form.append('files', new Blob([page], { type: 'image/png' }), `${round}.png`);
    await call('teamChapterPagesAdd', { cookie, params: { id: created.id }, form });
    await pause(10_000);
  }
}

const started = Date.now();
const workers = [
  editor(),
  ...Array.from({ length: readers }, (_, i) => reader(i)),
  ...Array.from({ length: USERS - readers - 1 }, () => visitor()),
];
const connections = async () =>
  Number(
    (await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name])).rows[0]!.n,
  );
const minutes: Record<string, string | number>[] = [];
for (let minute = 1; minute <= MINUTES; minute += 1) {
  await pause(started + minute * 60_000 - Date.now());
  const from = started + (minute - 1) * 60_000;
  const inMinute = samples.filter((sample) => sample.at >= from && sample.at < from + 60_000);
  const times = inMinute.map((sample) => sample.ms).sort((a, b) => a - b);
  const at = (share: number) => Math.round(times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0);
  const probe = probes.filter((item) => item.at >= from && item.at < from + 60_000);
  const last = probe.at(-1);
  minutes.push({
    minute,
    requests: inMinute.length,
    'req/s': Math.round(inMinute.length / 60),
    errors: inMinute.filter((sample) => !sample.ok).length,
    'p50 ms': at(0.5),
    'p99 ms': at(0.99),
    'RSS MB': last ? Math.round(last.rss / 1e6) : '?',
    'heap MB': last ? Math.round(last.heapUsed / 1e6) : '?',
    'loop delay p99 ms': probe.length ? Math.round(Math.max(...probe.map((item) => item.delayP99))) : '?',
    handles: last?.handles ?? '?',
    'db connections': await connections(),
  });
  console.log(JSON.stringify(minutes.at(-1)));
}
await Promise.all(workers);
console.table(minutes);

const settled = minutes.slice(WARM_UP_MINUTES);
const rss = settled.map((row) => Number(row['RSS MB']));
const p99 = settled.map((row) => Number(row['p99 ms']));
const errors = minutes.reduce((sum, row) => sum + Number(row.errors), 0);
const memoryFlat = Math.max(...rss) <= Math.min(...rss) * 1.1;
const p99Steady = Math.max(...p99) <= Math.max(1, Math.min(...p99)) * 2;
console.log(
  `After ${WARM_UP_MINUTES} minutes of warm-up: RSS ${Math.min(...rss)}–${Math.max(...rss)} MB (${memoryFlat ? 'flat' : 'NOT flat'}: within 10 %), ` +
    `p99 ${Math.min(...p99)}–${Math.max(...p99)} ms (${p99Steady ? 'steady' : 'NOT steady'}: within 2×), ${errors} error(s)` +
    (failures.size ? `: ${[...failures].map(([key, n]) => `${key} ×${n}`).join(', ')}` : ''),
);
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
await admin.query(`drop database if exists "${name}" with (force)`);
await admin.end();
rmSync(dataDir, { recursive: true, force: true });
if (!memoryFlat || !p99Steady || errors > 0) process.exitCode = 1;
