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

const PATHS = JSON.parse(process.env.BENCH_PATHS ?? '[]') as string[];
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
await app.listen({ port: 0, host: '127.0.0.1' });
const appPort = (app.server.address() as { port: number }).port;

// The bare routes: the same status, content type and bytes, with no work behind them.
const bare = Fastify({ logger: false });
for (const path of PATHS) {
  const response = await fetch(`http://127.0.0.1:${appPort}${path}`);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? 'application/json';
  bare.get(new URL(path, 'http://x').pathname, async (_request, reply) => reply.type(type).send(body));
}
await bare.listen({ port: 0, host: '127.0.0.1' });
const barePort = (bare.server.address() as { port: number }).port;

process.stdout.write(`${JSON.stringify({ appPort, barePort, database: database.kind })}\n`);

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
