import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../test/factories';
import { callEndpoint, eventually, loginAs, openTestDatabase, TEST_ORIGIN, type TestContext } from '../test/helpers';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';
import { buildApp, type App } from './app';
import { loadConfig } from './config';
import { openPostgres, type DatabaseHandle } from './db/client';
import { seedDemoStore } from './demo/seed-store';
import { createManualClock } from './lib/clock';
import { createLimiter } from './lib/limiter-factory';
import { METRICS_ANSWER_MS } from './modules/team/metrics';

/**
 * Issue 20 §1: the app between "up" and "dead". Its PostgreSQL and its Redis are reached through
 * TCP proxies on loopback, cut and restored while requests run: what the reader gets, and that
 * nothing is lost or half-written.
 */
const testDatabase = inject('testDatabase');
const isAvailable = testDatabase.kind === 'postgres' && Boolean(process.env.REDIS_URL);

let direct: DatabaseHandle;
let pg: TcpProxy;
let redis: TcpProxy;
let app: App;
let t: TestContext;
const warnings: string[] = [];
let close: () => Promise<void>;
let clock: ReturnType<typeof createManualClock>;

/** Polls until `check` holds, at most `ms`. */

/** A service that comes back is given 15 s, asked every 200 ms. */
const recovers = (check: () => Promise<boolean>) => eventually(check, 15_000, 200);

/** Every reader's coins equal their ledger, and every unlock has its ledger row (none half-written). */
async function ledgerIsWhole() {
  const { rows } = await direct.executeSql(`
    select
      (select count(*)::int from users u
        where u.coins <> coalesce((select sum(delta) from coin_ledger l where l.user_id = u.id), 0)) as wrong_balances,
      (select count(*)::int from chapter_unlocks c where c.coins > 0 and not exists (
        select 1 from coin_ledger l where l.user_id = c.user_id and l.chapter_id = c.chapter_id and l.kind = 'unlock')) as unpaid_unlocks,
      (select count(*)::int from coin_ledger l where l.kind = 'unlock' and not exists (
        select 1 from chapter_unlocks c where c.user_id = l.user_id and c.chapter_id = l.chapter_id)) as charges_without_unlock`);
  return rows[0] as { wrong_balances: number; unpaid_unlocks: number; charges_without_unlock: number };
}

beforeAll(async () => {
  if (!isAvailable) return;
  direct = await openTestDatabase();
  const url = new URL(direct.url!);
  pg = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  const redisTarget = new URL(process.env.REDIS_URL!);
  redis = await startTcpProxy({ host: redisTarget.hostname, port: Number(redisTarget.port || 6379) });
  url.hostname = '127.0.0.1';
  url.port = String(pg.port);
  const redisUrl = `redis://127.0.0.1:${redis.port}`;
  const database = openPostgres(url.toString(), { max: 5, statementTimeoutMs: 30_000 });
  const limiter = createLimiter(redisUrl, { isolated: true, log: (message) => warnings.push(message) });
  const dataDir = mkdtempSync(join(tmpdir(), 'inkwell-faults-'));
  clock = createManualClock(new Date());
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: TEST_ORIGIN, MEDIA_AVIF: '0', REDIS_URL: redisUrl }),
    database,
    limiter,
    clock,
    jobs: { pollingIntervalSeconds: 0.5, runSchedules: false },
  });
  await app.ready();
  t = {
    app,
    db: database.db,
    executeSql: database.executeSql,
    databaseUrl: url.toString(),
    clock,
    dataDir,
    close: async () => {},
  };
  close = async () => {
    pg.restore();
    redis.restore();
    await app.close();
    await limiter.close();
    await database.close();
    await pg.close();
    await redis.close();
    await direct.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  await seedDemoStore(t.db);
}, 60_000);
afterAll(async () => {
  await close?.();
});

describe.skipIf(!isAvailable)('faults (issue 20 §1)', () => {
  it('PostgreSQL away: held pages answer, the rest is a quick 503 with Retry-After, nothing is half-written, and all comes back by itself', async () => {
    const series = await buildSeries(t, { title: 'Fault Lanterns' });
    await buildChapter(t, series.id, { number: 1, pages: 1 });
    const priced = [];
    for (let number = 2; number <= 13; number += 1) priced.push(await buildChapter(t, series.id, { number, price: 10 }));
    const reader = await buildUser(t.db);
    const cookie = await loginAs(app, reader);
    const packages = (await callEndpoint({ app }, 'coinPackages')).body.data.items as { id: string }[];
    const started = await callEndpoint({ app }, 'checkout', { cookie, body: { kind: 'coins', packageId: packages.at(-1)!.id } });
    await callEndpoint({ app }, 'testCheckoutComplete', { cookie, params: { purchaseId: started.body.data.purchaseId } });
    // What a visitor opens, now held by the instance.
    const home = await callEndpoint({ app }, 'home');
    const seriesPage = await callEndpoint({ app }, 'series', { params: { slug: series.slug } });
    expect([home.status, seriesPage.status]).toEqual([200, 200]);

    // A burst of unlocks, with the database cut in the middle of it.
    const unlocks = priced.map(
      (chapter, i) =>
        new Promise<number>((resolve) =>
          setTimeout(
            () =>
              void callEndpoint({ app }, 'unlockChapter', { cookie, params: { chapterId: chapter.id } }).then((answer) =>
                resolve(answer.status),
              ),
            i * 15,
          ),
        ),
    );
    setTimeout(() => pg.cut(), 60);
    const statuses = await Promise.all(unlocks);
    expect(
      statuses.every((status) => status === 200 || status === 503),
      statuses.join(' '),
    ).toBe(true);
    pg.cut();

    expect((await callEndpoint({ app }, 'home')).status).toBe(200);
    expect((await callEndpoint({ app }, 'series', { params: { slug: series.slug } })).status).toBe(200);
    const health = await callEndpoint({ app }, 'health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ ok: false, database: 'down' });
    const began = Date.now();
    for (const answer of [
      await callEndpoint({ app }, 'wallet', { cookie }),
      await callEndpoint({ app }, 'login', { body: { username: reader.username, password: reader.password } }),
    ]) {
      expect(answer.status).toBe(503);
      expect(answer.body.error.code).toBe('service_unavailable');
      expect(answer.headers['retry-after']).toBe('5');
    }
    // At once, not after a reconnection's back-off or a time-out.
    expect(Date.now() - began).toBeLessThan(3_000);

    pg.restore();
    expect(await recovers(async () => (await callEndpoint({ app }, 'wallet', { cookie })).status === 200)).toBe(true);
    expect((await callEndpoint({ app }, 'health')).status).toBe(200);
    // What was refused can be done now; the ledger holds exactly what happened.
    for (const chapter of priced) {
      expect([200]).toContain(
        (await callEndpoint({ app }, 'unlockChapter', { cookie, params: { chapterId: chapter.id } })).status,
      );
    }
    expect(await ledgerIsWhole()).toEqual({ wrong_balances: 0, unpaid_unlocks: 0, charges_without_unlock: 0 });
    const { rows } = await direct.executeSql(`select count(*)::int as n from chapter_unlocks where user_id = $1`, [reader.id]);
    expect(rows[0]).toEqual({ n: priced.length });

    // The job queue works again: a reset mail sent now is delivered, once.
    expect((await callEndpoint({ app }, 'forgotPassword', { body: { email: reader.email } })).status).toBe(200);
    expect(
      await recovers(async () => {
        const sent = await direct.executeSql(`select count(*)::int as n from mail_outbox where to_address = $1`, [reader.email]);
        return (sent.rows[0] as { n: number }).n === 1;
      }),
    ).toBe(true);
  }, 90_000);

  it('PostgreSQL away: the history answers 503 rather than a page it cannot vouch for, a dashboard keeps its answer its few seconds, and both are current once it is back', async () => {
    const series = await buildSeries(t, { title: 'Fault Shelves', type: 'novel' });
    const [first, second] = [
      await buildChapter(t, series.id, { number: 1, content: '<p>One.</p>' }),
      await buildChapter(t, series.id, { number: 2, content: '<p>Two.</p>' }),
    ];
    const reader = await buildUser(t.db);
    const cookie = await loginAs(app, reader);
    const editor = await buildUser(t.db, { role: 'editor' });
    const team = await loginAs(app, editor);
    const history = async () => {
      const answer = await callEndpoint({ app }, 'history', { cookie });
      return {
        status: answer.status,
        chapters: answer.status === 200 ? answer.body.data.items.map((item: { chapter: { id: string } }) => item.chapter.id) : [],
      };
    };
    expect(
      (await callEndpoint({ app }, 'progressSave', { cookie, params: { chapterId: first!.id }, body: { position: 0.5 } })).status,
    ).toBe(200);
    expect(await history()).toEqual({ status: 200, chapters: [first!.id] });
    const metrics = await callEndpoint({ app }, 'teamMetrics', { cookie: team });
    expect(metrics.status).toBe(200);

    pg.cut();
    const began = Date.now();
    // The history's kept page is only ever used under the reader's current library version, which
    // cannot be read now: a quick 503, not a page that may be out of date.
    const away = await callEndpoint({ app }, 'history', { cookie });
    expect(away.status).toBe(503);
    expect(away.headers['retry-after']).toBe('5');
    expect(
      (await callEndpoint({ app }, 'progressSave', { cookie, params: { chapterId: second!.id }, body: { position: 0.2 } }))
        .status,
    ).toBe(503);
    // The dashboard's answer is kept METRICS_ANSWER_MS: it still answers within them, then says 503.
    const kept = await callEndpoint({ app }, 'teamMetrics', { cookie: team });
    expect([kept.status, kept.body]).toEqual([200, metrics.body]);
    clock.advance(METRICS_ANSWER_MS);
    expect((await callEndpoint({ app }, 'teamMetrics', { cookie: team })).status).toBe(503);
    expect(Date.now() - began).toBeLessThan(3_000);

    pg.restore();
    expect(await recovers(async () => (await history()).status === 200)).toBe(true);
    expect(
      (await callEndpoint({ app }, 'progressSave', { cookie, params: { chapterId: second!.id }, body: { position: 0.2 } }))
        .status,
    ).toBe(200);
    // The save after the cut moved the reader's version: the next page has it, not the kept one.
    expect(await history()).toEqual({ status: 200, chapters: [second!.id, first!.id] });
    expect((await callEndpoint({ app }, 'teamMetrics', { cookie: team })).status).toBe(200);
  }, 60_000);

  it('Redis away: signing in, reading and buying go on, it is said once, and Redis is used again when it is back', async () => {
    const series = await buildSeries(t, { title: 'Fault Letters', type: 'novel' });
    const chapter = await buildChapter(t, series.id, { number: 1, price: 10, content: '<p>Paid.</p>' });
    const reader = await buildUser(t.db);
    redis.cut();
    const cookie = await loginAs(app, reader);
    expect(
      (await callEndpoint({ app }, 'login', { body: { username: reader.username, password: reader.password } })).status,
    ).toBe(200);
    expect(warnings.filter((line) => line.startsWith('Redis cannot be reached'))).toHaveLength(1);
    const health = await callEndpoint({ app }, 'health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ ok: true, database: 'up', redis: 'down' });

    const packages = (await callEndpoint({ app }, 'coinPackages')).body.data.items as { id: string }[];
    const started = await callEndpoint({ app }, 'checkout', { cookie, body: { kind: 'coins', packageId: packages[0]!.id } });
    expect(started.status).toBe(201);
    expect(
      (await callEndpoint({ app }, 'testCheckoutComplete', { cookie, params: { purchaseId: started.body.data.purchaseId } }))
        .status,
    ).toBe(200);
    expect((await callEndpoint({ app }, 'unlockChapter', { cookie, params: { chapterId: chapter.id } })).status).toBe(200);
    const page = await callEndpoint({ app }, 'chapter', { cookie, params: { slug: series.slug, chapterSlug: chapter.slug } });
    expect(page.body.data.content).toContain('Paid.');

    redis.restore();
    expect(await recovers(async () => (await callEndpoint({ app }, 'health')).body.redis === 'up')).toBe(true);
    expect(warnings).toContain('Redis is back: rate limits are shared again');
    expect(
      (await callEndpoint({ app }, 'login', { body: { username: reader.username, password: reader.password } })).status,
    ).toBe(200);
    expect(await ledgerIsWhole()).toEqual({ wrong_balances: 0, unpaid_unlocks: 0, charges_without_unlock: 0 });
  }, 60_000);
});
