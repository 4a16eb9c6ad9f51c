/**
 * npm run bench: the hot read endpoints (home, series, chapter) under load, each beside a bare
 * Fastify route serving the same bytes in the same run, on the embedded database and, when one
 * is reachable, on PostgreSQL. Prints requests/s, p99 latency and the ratio to the bare route.
 *
 * Targets (DESIGN §8, issue 3): each endpoint ≥ 50 % of its bare route's requests/s, and p99
 * under 25 ms at 64 connections. BENCH_DURATION (seconds, default 8) and BENCH_CONNECTIONS tune it.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const ENDPOINTS = {
  home: '/api/public/omegascans/public/home',
  series: '/api/public/omegascans/public/series/the-lantern-keeper',
  chapter: '/api/public/omegascans/public/series/the-lantern-keeper/chapters/chapter-1',
};
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 25;
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

interface Measure {
  rps: number;
  p99: number;
  errors: number;
}

async function measure(url: string): Promise<Measure> {
  // A short warm-up first, so JIT and caches are in the state a running site is in.
  await autocannon({ url, connections: CONNECTIONS, duration: 1 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function startServers(database: 'pglite' | 'postgres') {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./server.ts', import.meta.url))], {
    env: {
      ...process.env,
      BENCH_DB: database,
      BENCH_DATABASE_URL: postgresUrl ?? '',
      BENCH_PATHS: JSON.stringify(Object.values(ENDPOINTS)),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const ports = await new Promise<{ appPort: number; barePort: number }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as { appPort: number; barePort: number }));
  });
  return {
    ...ports,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const databases: ('pglite' | 'postgres')[] = ['pglite'];
if (postgresUrl) databases.push('postgres');
else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)\n');

let failures = 0;
for (const database of databases) {
  console.log(`▶ ${database}: ${CONNECTIONS} connections, ${DURATION} s per run`);
  const servers = await startServers(database);
  try {
    const rows = [];
    for (const [name, path] of Object.entries(ENDPOINTS)) {
      const app = await measure(`http://127.0.0.1:${servers.appPort}${path}`);
      const bare = await measure(`http://127.0.0.1:${servers.barePort}${path}`);
      const ratio = app.rps / bare.rps;
      const ok = ratio >= TARGET_RATIO && app.p99 < TARGET_P99_MS && app.errors === 0;
      if (!ok) failures += 1;
      rows.push({
        endpoint: name,
        'req/s': Math.round(app.rps),
        'p99 ms': app.p99,
        'bare req/s': Math.round(bare.rps),
        'bare p99 ms': bare.p99,
        ratio: `${Math.round(ratio * 100)} %`,
        errors: app.errors,
        target: ok ? 'met' : 'MISSED',
      });
    }
    console.table(rows);
  } finally {
    await servers.stop();
  }
}
console.log(`Targets: ≥ ${TARGET_RATIO * 100} % of the bare route, p99 < ${TARGET_P99_MS} ms, no errors.`);
if (failures > 0) {
  console.log(`${failures} measurement(s) missed a target.`);
  process.exitCode = 1;
}
