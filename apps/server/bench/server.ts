/**
 * The benchmark's servers, in a process of their own: Inkwell on a database with the demo
 * catalogue, a bare Fastify app that answers each measured path with the very bytes Inkwell
 * gave for it, and "the limit" (issue 11): Inkwell's pages with every script taken out. Prints
 * one JSON line with the ports once they listen.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/db/client';
import { createLimiter } from '../src/lib/limiter-factory';
import { systemClock } from '../src/lib/clock';
import { seedDemoContent } from '../src/demo/seed-demo';
import { seedDemoStore } from '../src/demo/seed-store';
import { fillPath, ROUTES, seriesInputSchema } from '@inkwell/contract';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../src/lib/passwords';
import { VISITOR } from '../src/modules/identity/access';
import { SESSION_COOKIE } from '../src/modules/identity/auth';
import { insertUser } from '../src/modules/identity/users';

const PATHS = JSON.parse(process.env.BENCH_PATHS ?? '[]') as string[];
/** Rendered pages, asked for as a browser does (accept: text/html). */
const PAGE_PATHS = JSON.parse(process.env.BENCH_PAGES ?? '[]') as string[];
const HTML = { accept: 'text/html' };
const SERIES_SLUG = process.env.BENCH_SERIES ?? 'the-lantern-keeper';
const kind = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const dataDir = mkdtempSync(join(tmpdir(), 'inkwell-bench-'));

async function openDatabase(): Promise<DatabaseHandle> {
  if (kind === 'pglite') return openPglite({ dataDir: join(dataDir, 'db') });
  const adminUrl = process.env.BENCH_DATABASE_URL!;
  const name = `inkwell_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

const database = await openDatabase();
await database.migrate();
// The built web app, when there is one, so page speed can be measured on the same server.
const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const config = {
  ...loadConfig({
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    DATA_DIR: dataDir,
    MEDIA_AVIF: '0',
  }),
  webDistDir: existsSync(join(webDist, 'index.html')) ? webDist : undefined,
};
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
  const user = await insertUser(database.db, {
    email: `${name}@bench.local`,
    username: name,
    passwordHash: await hashPassword(password),
  });
  const login = await app.inject({
    method: 'POST',
    url: ROUTES.login.path,
    headers: { origin: config.publicUrl },
    payload: { username: name, password },
  });
  const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`the bench reader could not log in: ${login.body}`);
  return { user, cookie: `${SESSION_COOKIE}=${cookie.value}` };
}
const { payments, purchases, subscriptions, unlocks, catalogue } = app.services;
const seriesPage = await catalogue.series(SERIES_SLUG, VISITOR);
const priced = seriesPage.chapters.filter((chapter) => chapter.access === 'locked' || chapter.access === 'early_access');
if (priced.length === 0) throw new Error(`${SERIES_SLUG} has no priced chapter to read`);
const withUnlocks = await reader('bench_unlocks');
for (let i = 0; i < 3; i += 1) {
  const { purchaseId } = await payments.checkout(withUnlocks.user, {
    kind: 'coins',
    packageId: (await purchases.coinPackages()).items.at(-1)!.id,
  });
  await payments.fulfil(purchaseId);
}
await unlocks.unlock(
  withUnlocks.user,
  priced.map((chapter) => chapter.id),
);
// Issue 40: the reader with unlocks also follows the series and has read into it (a Continue, read
// marks, their bookmark), as the paying reader who opens a series page most often has.
const asReader = async (method: 'PUT', url: string, payload?: object) => {
  const answer = await app.inject({ method, url, headers: { cookie: withUnlocks.cookie, origin: config.publicUrl }, payload });
  if (answer.statusCode >= 300) throw new Error(`${url} answered ${answer.statusCode}: ${answer.body}`);
};
await asReader('PUT', fillPath(ROUTES.bookmarkAdd.path, { seriesId: seriesPage.id }));
for (const [index, chapter] of seriesPage.chapters
  .filter((item) => item.access === 'free')
  .slice(0, 3)
  .entries()) {
  await asReader(
    'PUT',
    fillPath(ROUTES.progressSave.path, { chapterId: chapter.id }),
    index < 2 ? { completed: true } : { position: 0.4 },
  );
}
const premium = await reader('bench_premium');
const plan = (await subscriptions.plans()).items.find((item) => item.includesPremium)!;
await payments.fulfil((await payments.checkout(premium.user, { kind: 'plan', planId: plan.id })).purchaseId);
/**
 * Issue 40: a reader who follows every demo series and has opened the first chapters of each (read
 * the first two), as bench/scale.ts's heavy demo reader: their library is a full page of bookmarks.
 */
const follower = await reader('bench_library');
await database.db.execute(sql`
  insert into bookmarks (user_id, series_id) select ${follower.user.id}, id from series`);
await database.db.execute(sql`
  insert into reading_progress (user_id, chapter_id, series_id, position, completed, read_at)
  select ${follower.user.id}, c.id, c.series_id, 1, c.number < 3, now() - c.number * interval '1 minute'
  from chapters c where c.number <= 3 and c.published_at <= now()`);
const chapterPath = fillPath(ROUTES.chapter.path, { slug: SERIES_SLUG, chapterSlug: priced[0]!.slug });
const seriesPath = fillPath(ROUTES.series.path, { slug: SERIES_SLUG });
const readerPagePath = `/SeriesView/${SERIES_SLUG}/${priced[0]!.slug}`;
const readerPaths = [
  { name: 'series (unlocks)', path: seriesPath, cookie: withUnlocks.cookie },
  { name: 'chapter (unlocks)', path: chapterPath, cookie: withUnlocks.cookie },
  { name: 'series (premium)', path: seriesPath, cookie: premium.cookie },
  { name: 'chapter (premium)', path: chapterPath, cookie: premium.cookie },
  // Issue 40: the library of a reader who follows every series, with a target of its own (minRps at 32 connections).
  {
    name: 'bookmarks (follows every series)',
    path: ROUTES.bookmarks.path,
    cookie: follower.cookie,
    minRps: 1_000,
    connections: 32,
  },
  // Issue 18 §1: a signed-in reader's page, shared with their access class, with their own part.
  { name: 'reader page (unlocks)', path: readerPagePath, cookie: withUnlocks.cookie, page: true },
  { name: 'reader page (premium)', path: readerPagePath, cookie: premium.cookie, page: true },
  // Issue 40: the series page of a reader who follows it, reads it and unlocked in it.
  { name: 'series page (unlocks, follows, reads)', path: `/SeriesView/${SERIES_SLUG}`, cookie: withUnlocks.cookie, page: true },
  { name: 'series page (premium)', path: `/SeriesView/${SERIES_SLUG}`, cookie: premium.cookie, page: true },
];

/**
 * Issue 19: reading apps, signed in with a device key. A page streamed through OPDS-PSE (made
 * into a JPEG for each request, and the reader's place moved), and the OPDS feed of a series of
 * 1,000 chapters (its first hundred, with every chapter's access worked out).
 */
const appReader = await reader('bench_apps');
const appKey = await app.services.deviceKeys.create(appReader.user.id, { name: 'Bench app' });
const authorization = `Basic ${Buffer.from(`bench_apps:${appKey.key}`).toString('base64')}`;
const freeComicChapter = seriesPage.chapters.find((chapter) => chapter.access === 'free');
if (!freeComicChapter) throw new Error(`${SERIES_SLUG} has no free chapter to stream`);
const longSeries = await app.services.series.createSeries(
  seriesInputSchema.parse({ type: 'novel', title: 'Bench Long Road', isPublished: true }),
);
await database.db.execute(sql`
  insert into chapters (series_id, slug, number, title, published_at, price, content)
  select ${longSeries.id}, 'chapter-' || n, n, '', now() - interval '1 day', case when n % 4 = 0 then 20 else 0 end, '<p>A line.</p>'
  from generate_series(1, 1000) as n`);
const appPaths = [
  { name: 'OPDS page stream (key)', path: `/opds/v1.2/chapters/${freeComicChapter.id}/pages/0?maxWidth=800` },
  { name: 'OPDS feed, 1,000 chapters (key)', path: `/opds/v1.2/series/${longSeries.slug}` },
].map((item) => ({ ...item, authorization, app: true }));

// The bare routes: the same status, content type and bytes, with no work behind them.
const bare = Fastify({ logger: false });
const visitor = { cookie: undefined as string | undefined, page: false };
const measured = [
  ...PATHS.map((path) => ({ ...visitor, name: path, path, barePath: new URL(path, 'http://x').pathname })),
  ...PAGE_PATHS.map((path) => ({ ...visitor, name: path, path, page: true, barePath: new URL(path, 'http://x').pathname })),
  ...readerPaths.map((item, i) => ({ page: false, ...item, barePath: `/bench/reader/${i}` })),
  ...appPaths.map((item, i) => ({ page: false, cookie: undefined, ...item, barePath: `/bench/app/${i}` })),
];
for (const { path, cookie, page, barePath, ...rest } of measured) {
  const authorization = 'authorization' in rest ? String(rest.authorization) : undefined;
  const response = await fetch(`http://127.0.0.1:${appPort}${path}`, {
    headers: { ...(cookie ? { cookie } : {}), ...(authorization ? { authorization } : {}), ...(page ? HTML : {}) },
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  if (page && !body.includes('<div id="root"><')) throw new Error(`${path} was not rendered on the server`);
  if (cookie && !body.includes('"canRead":true') && (path === chapterPath || path === readerPagePath)) {
    throw new Error(`the bench reader cannot read ${path}`);
  }
  const type = response.headers.get('content-type') ?? 'application/json';
  bare.get(barePath, async (_request, reply) => reply.type(type).send(body));
}
await bare.listen({ port: 0, host: '127.0.0.1' });
const barePort = (bare.server.address() as { port: number }).port;

/**
 * Issue 11, "the limit": what a page could be at best, the very HTML Inkwell sends for the URL
 * with every <script> and module preload taken out (no hydration, no ads, no data for the
 * browser), so the page's paints owe nothing to JavaScript. It goes out compressed as Inkwell's
 * page went (brotli 5 or gzip). Everything else (assets, media, the API) is Inkwell's own answer,
 * passed through untouched.
 */
function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '').replace(/<link\b[^>]*\brel=["']?modulepreload\b[^>]*>/gi, '');
}
const limit = createServer((request, response) => {
  const upstream = httpRequest(
    { host: '127.0.0.1', port: appPort, method: request.method, path: request.url, headers: request.headers },
    (answer) => {
      const status = answer.statusCode ?? 502;
      if (!String(answer.headers['content-type'] ?? '').startsWith('text/html')) {
        response.writeHead(status, answer.headers);
        answer.pipe(response);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const encoding = answer.headers['content-encoding'];
        const body = Buffer.concat(chunks);
        const page = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
        const stripped = Buffer.from(withoutScripts(page.toString('utf8')));
        const html =
          encoding === 'br'
            ? brotliCompressSync(stripped, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
            : encoding === 'gzip'
              ? gzipSync(stripped, { level: 6 })
              : stripped;
        const headers = { ...answer.headers, 'content-length': String(html.length) };
        delete headers['transfer-encoding'];
        response.writeHead(status, headers).end(html);
      });
    },
  );
  upstream.on('error', () => response.writeHead(502).end());
  request.pipe(upstream);
});
await new Promise<void>((resolve) => limit.listen(0, '127.0.0.1', resolve));
const limitPort = (limit.address() as { port: number }).port;

const readers = readerPaths.map((item, i) => ({ page: false, ...item, barePath: `/bench/reader/${i}` }));
const apps = appPaths.map((item, i) => ({ name: item.name, path: item.path, authorization, barePath: `/bench/app/${i}` }));
process.stdout.write(`${JSON.stringify({ appPort, barePort, limitPort, database: database.kind, readers, apps })}\n`);

const stop = async () => {
  limit.closeAllConnections();
  await new Promise((resolve) => limit.close(resolve));
  await bare.close();
  await app.close();
  await limiter.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
