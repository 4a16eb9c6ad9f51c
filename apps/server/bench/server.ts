/**
 * The benchmark's servers, in a process of their own: Inkwell on a database with the demo
 * catalogue, and a bare Fastify app that answers each measured path with the very bytes Inkwell
 * gave for it. Prints one JSON line with both ports once they listen.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import postgres from 'postgres';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/db/client';
import { createLimiter } from '../src/lib/limiter-factory';
import { systemClock } from '../src/lib/clock';
import { seedDemoContent } from '../src/db/demo/seed-demo';
import { seedDemoStore } from '../src/db/demo/seed-store';
import { fillPath, ROUTES } from '@inkwell/contract';
import { hashPassword } from '../src/lib/passwords';
import { VISITOR } from '../src/modules/access/access';
import { SESSION_COOKIE } from '../src/modules/auth/auth.constants';
import { insertUser } from '../src/modules/users/users.repository';

const PATHS = JSON.parse(process.env.BENCH_PATHS ?? '[]') as string[];
const SERIES_SLUG = process.env.BENCH_SERIES ?? 'the-lantern-keeper';
const kind = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const dataDir = mkdtempSync(join(tmpdir(), 'inkwell-bench-'));

async function openDatabase(): Promise<DatabaseHandle> {
  if (kind === 'pglite') return openPglite({ dataDir: join(dataDir, 'db') });
  const adminUrl = process.env.BENCH_DATABASE_URL!;
  const name = `inkwell_bench_${process.pid}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

const database = await openDatabase();
await database.migrate();
const config = loadConfig({
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0',
  DATA_DIR: dataDir,
  MEDIA_AVIF: '0',
});
// The built web app, when there is one, so page speed can be measured on the same server.
const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
if (existsSync(join(webDist, 'index.html'))) config.webDistDir = webDist;
const limiter = createLimiter(undefined);
const app = await buildApp({ config, database, limiter });
await seedDemoContent(database.db, app.services.storage, systemClock);
await seedDemoStore(database.db);
await app.listen({ port: 0, host: '127.0.0.1' });
const appPort = (app.server.address() as { port: number }).port;

/**
 * Two logged-in readers whose answers cannot be shared: one who unlocked chapters with coins
 * (every request looks its unlocks up) and one with a premium plan. Each reads a priced chapter.
 */
async function reader(name: string) {
  const password = 'bench-reader-password-71';
  const user = await insertUser(database.db, { email: `${name}@bench.local`, username: name, passwordHash: await hashPassword(password) });
  const login = await app.inject({ method: 'POST', url: ROUTES.login.path, headers: { origin: config.publicUrl }, payload: { username: name, password } });
  const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`the bench reader could not log in: ${login.body}`);
  return { user, cookie: `${SESSION_COOKIE}=${cookie.value}` };
}
const { payments, store, unlocks, catalogue } = app.services;
const seriesPage = await catalogue.series(SERIES_SLUG, VISITOR);
const priced = seriesPage.chapters.filter((chapter) => chapter.access === 'locked' || chapter.access === 'early_access');
if (priced.length === 0) throw new Error(`${SERIES_SLUG} has no priced chapter to read`);
const withUnlocks = await reader('bench_unlocks');
for (let i = 0; i < 3; i += 1) {
  const { purchaseId } = await payments.checkout(withUnlocks.user, { kind: 'coins', packageId: (await store.coinPackages()).at(-1)!.id });
  await payments.fulfil(purchaseId);
}
await unlocks.unlock(withUnlocks.user, priced.map((chapter) => chapter.id));
const premium = await reader('bench_premium');
const plan = (await store.plans()).find((item) => item.includesPremium)!;
await payments.fulfil((await payments.checkout(premium.user, { kind: 'plan', planId: plan.id })).purchaseId);
const chapterPath = fillPath(ROUTES.chapter.path, { slug: SERIES_SLUG, chapterSlug: priced[0]!.slug });
const seriesPath = fillPath(ROUTES.series.path, { slug: SERIES_SLUG });
const readerPaths = [
  { name: 'series (unlocks)', path: seriesPath, cookie: withUnlocks.cookie },
  { name: 'chapter (unlocks)', path: chapterPath, cookie: withUnlocks.cookie },
  { name: 'series (premium)', path: seriesPath, cookie: premium.cookie },
  { name: 'chapter (premium)', path: chapterPath, cookie: premium.cookie },
];

// The bare routes: the same status, content type and bytes, with no work behind them.
const bare = Fastify({ logger: false });
const measured = [
  ...PATHS.map((path) => ({ name: path, path, cookie: undefined as string | undefined, barePath: new URL(path, 'http://x').pathname })),
  ...readerPaths.map((item, i) => ({ ...item, barePath: `/bench/reader/${i}` })),
];
for (const { path, cookie, barePath } of measured) {
  const response = await fetch(`http://127.0.0.1:${appPort}${path}`, { headers: cookie ? { cookie } : {} });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  if (cookie && !body.includes('"canRead":true') && path === chapterPath) throw new Error(`the bench reader cannot read ${path}`);
  const type = response.headers.get('content-type') ?? 'application/json';
  bare.get(barePath, async (_request, reply) => reply.type(type).send(body));
}
await bare.listen({ port: 0, host: '127.0.0.1' });
const barePort = (bare.server.address() as { port: number }).port;

const readers = readerPaths.map((item, i) => ({ ...item, barePath: `/bench/reader/${i}` }));
process.stdout.write(`${JSON.stringify({ appPort, barePort, database: database.kind, readers })}\n`);

const stop = async () => {
  await bare.close();
  await app.close();
  await limiter.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
