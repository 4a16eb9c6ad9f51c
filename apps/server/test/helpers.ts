import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type AppDeps } from '../src/app';
import { loadConfig } from '../src/config';
import { openPglite, openPostgres, type Database, type DatabaseHandle, type OnQuery } from '../src/db/client';
import { mailOutbox } from '../src/db/schema';
import { createLimiter } from '../src/lib/limiter-factory';
import { createManualClock } from '../src/lib/clock';
import { SESSION_COOKIE } from '../src/modules/identity/auth/auth.constants';
import { fillPath, ROUTES, type EndpointName } from '@inkwell/contract';
import { databaseUrlWithName } from './database-url';
import type { MediaStorage } from '../src/modules/platform/media/storage';

export const TEST_ORIGIN = 'http://localhost:3000';

/** A migrated database of its own for one test file: a loaded PGlite snapshot, or a cloned PostgreSQL database. */
export async function openTestDatabase(options: { onQuery?: OnQuery } = {}): Promise<DatabaseHandle> {
  const target = inject('testDatabase');
  if (target.kind === 'pglite') {
    return openPglite({ loadDataDir: new Blob([readFileSync(target.dumpFile)]), onQuery: options.onQuery });
  }
  const name = `inkwell_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.adminUrl });
  await admin.connect();
  // Cloning a template fails while another clone of it is starting: try again briefly.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await admin.query(`create database "${name}" template "${target.template}"`);
      break;
    } catch (error) {
      if (attempt > 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  // Tests load thousands of rows in one statement on a busy machine: a long time-out for them
  // (db/pools.test.ts checks the production one).
  const handle = openPostgres(databaseUrlWithName(target.adminUrl, name), {
    max: 5,
    statementTimeoutMs: 120_000,
    onQuery: options.onQuery,
  });
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

export interface TestContext {
  app: App;
  /** PostgreSQL only: the test database's URL, for a second instance on the same data. */
  databaseUrl?: string;
  db: Database;
  /** Raw SQL with $n parameters (to explain the queries the repositories issue). */
  executeSql: DatabaseHandle['executeSql'];
  clock: ReturnType<typeof createManualClock>;
  dataDir: string;
  close(): Promise<void>;
}

/** The real app on a real database, with a clock the test can move. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    storage?: MediaStorage;
    indexHtml?: string;
    /** With indexHtml: the source of a stand-in for the built page renderer (dist-server/entry-server.js). */
    renderer?: string;
    /** Logger options, for tests of what the log holds; no log by default. */
    logger?: FastifyServerOptions['logger'];
    /** Called with each statement the app's query layer sends (query-counts.test.ts). */
    onQuery?: OnQuery;
    /** Over the tests' jobs (no schedules): a test of what an instance does at its start sets `runSchedules`. */
    jobs?: AppDeps['jobs'];
  } = {},
): Promise<TestContext> {
  const database = await openTestDatabase({ onQuery: options.onQuery });
  const dataDir = mkdtempSync(join(tmpdir(), 'inkwell-app-'));
  // AVIF encoding takes seconds per image; the tests that want it turn it on.
  let webDistDir: string | undefined;
  if (options.indexHtml !== undefined) {
    // A stand-in for the built SPA, so the HTML the server sends can be checked.
    webDistDir = join(dataDir, 'web');
    mkdirSync(webDistDir, { recursive: true });
    writeFileSync(join(webDistDir, 'index.html'), options.indexHtml);
    if (options.renderer !== undefined) {
      mkdirSync(join(dataDir, 'dist-server'), { recursive: true });
      writeFileSync(join(dataDir, 'dist-server', 'entry-server.js'), options.renderer);
    }
  }
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: TEST_ORIGIN, MEDIA_AVIF: '0', ...options.env }),
    webDistDir,
  };
  const clock = createManualClock(new Date());
  const limiter = createLimiter(process.env.REDIS_URL, { isolated: true });
  const app = await buildApp({
    config,
    database,
    limiter,
    clock,
    storage: options.storage,
    logger: options.logger,
    // Jobs are picked up within a fraction of a second, so tests can wait for them with jobs.drain();
    // scheduled work is run by the tests that test it, never by a tick that could land mid-test.
    jobs: { pollingIntervalSeconds: 0.5, runSchedules: false, ...options.jobs },
  });
  await app.ready();
  return {
    app,
    db: database.db,
    executeSql: (text, values) => database.executeSql(text, values),
    databaseUrl: database.url,
    clock,
    dataDir,
    async close() {
      await app.close();
      await limiter.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second instance of the app: its own pool on the same PostgreSQL database, as another process would be. */
export interface SecondInstance {
  app: App;
  close(): Promise<void>;
}

/**
 * Another instance of the app on this test's PostgreSQL database, as a second process behind the
 * load balancer would be: its own pool and limiter, the same data folder. Its clock is the test's
 * (moving one moves both) unless `sharedClock` is false; it runs no job workers unless `jobs` says,
 * and no schedules.
 */
export async function startSecondInstance(
  t: TestContext,
  options: {
    env?: Record<string, string>;
    poolSize?: number;
    statementTimeoutMs?: number;
    sharedClock?: boolean;
    jobs?: AppDeps['jobs'];
    /** Serve the first instance's stand-in web app and renderer too (its `indexHtml` and `renderer`). */
    web?: boolean;
  } = {},
): Promise<SecondInstance> {
  const database = openPostgres(t.databaseUrl!, {
    max: options.poolSize ?? 5,
    ...(options.statementTimeoutMs ? { statementTimeoutMs: options.statementTimeoutMs } : {}),
  });
  const limiter = createLimiter(undefined);
  const app = await buildApp({
    config: {
      ...loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, PUBLIC_URL: TEST_ORIGIN, MEDIA_AVIF: '0', ...options.env }),
      ...(options.web ? { webDistDir: join(t.dataDir, 'web') } : {}),
    },
    database,
    limiter,
    ...(options.sharedClock === false ? {} : { clock: t.clock }),
    jobs: { runSchedules: false, ...(options.jobs ?? { runWorkers: false }) },
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await limiter.close();
      await database.close();
    },
  };
}

export const TEST_PASSWORD = 'plum-orchard-71';

/** The session cookie from a response, as a request header value. */
export function sessionCookieFrom(response: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie?.value) throw new Error('no session cookie in the response');
  return `${SESSION_COOKIE}=${cookie.value}`;
}

let loginAddresses = 0;

/**
 * Logs in through the real endpoint and returns the cookie header. Each login comes from an
 * address of its own (unless `remoteAddress` names one), so a file that signs many readers in never
 * meets the login limit.
 */
export async function loginAs(
  app: App,
  user: { username: string; password: string },
  { remoteAddress }: { remoteAddress?: string } = {},
): Promise<string> {
  loginAddresses += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/api/proxy/public/login',
    remoteAddress: remoteAddress ?? `10.250.${Math.floor(loginAddresses / 250) % 250}.${loginAddresses % 250}`,
    headers: { origin: TEST_ORIGIN },
    payload: { username: user.username, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return sessionCookieFrom(response);
}

/** The newest mail to `email` in the outbox (mail jobs run after the answer: drained first). */
export async function lastMailTo(t: Pick<TestContext, 'app' | 'db'>, email: string) {
  await t.app.services.jobs.drain();
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

/** The token of the newest sign-up link mailed to `email`. */
export async function registrationToken(t: Pick<TestContext, 'app' | 'db'>, email: string): Promise<string | undefined> {
  const mail = await lastMailTo(t, email);
  const match = mail?.text.match(/register\/confirm\?token=([\w%-]+)/);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/** Signs up through register and the mailed link (issue 20 §4); answers the confirmation's response (a session when 201). */
export async function signUp(
  t: Pick<TestContext, 'app' | 'db'>,
  account: { email: string; username: string; password: string },
  remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
) {
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/proxy/public/register',
    remoteAddress,
    headers: { origin: TEST_ORIGIN },
    payload: account,
  });
  if (asked.statusCode !== 202) throw new Error(`register answered ${asked.statusCode}: ${asked.body}`);
  const token = await registrationToken(t, account.email);
  if (!token) throw new Error(`no sign-up link was mailed to ${account.email}`);
  return t.app.inject({
    method: 'POST',
    url: '/api/proxy/public/register/confirm',
    remoteAddress,
    headers: { origin: TEST_ORIGIN },
    payload: { token },
  });
}

/** What a test may add to a call of an endpoint: the session, the path's parameters, a query string, the body. */
export interface EndpointCall {
  cookie?: string;
  params?: Record<string, string>;
  /** Appended to the path as it is: `?limit=5`. */
  query?: string;
  body?: unknown;
  /** Headers besides the site's origin (and the cookie). */
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/**
 * Calls an endpoint of the contract as a browser of the site would (its origin, and a cookie when
 * given). The body is the parsed JSON, or the text of an answer that is not JSON.
 */
export async function callEndpoint(
  t: Pick<TestContext, 'app'>,
  name: EndpointName,
  { cookie, params, query = '', body, headers, remoteAddress }: EndpointCall = {},
) {
  const route = ROUTES[name];
  const response = await t.app.inject({
    method: route.method,
    url: fillPath(route.path, params) + query,
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { origin: TEST_ORIGIN, ...headers, ...(cookie ? { cookie } : {}) },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  const json = String(response.headers['content-type']).includes('json');
  return { status: response.statusCode, body: json ? response.json() : response.body, headers: response.headers };
}

/**
 * Asks `check` again every `everyMs` until it holds or `ms` have passed: for what another instance
 * or a recovering service shows a moment later. Resolves whether it ever held.
 */
export async function eventually(check: () => Promise<boolean>, ms = 1_000, everyMs = 100): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
