import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROUTES, fillPath, type EndpointName } from '@inkwell/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startBalancer } from '../test/balancer';
import { multipart } from '../test/fixtures';
import { buildFollowers } from '../test/followers';
import { buildUser } from '../test/factories';
import { eventually, openTestDatabase, TEST_ORIGIN } from '../test/helpers';
import { startInstance, type InstanceProcess } from '../test/instance-process';
import type { DatabaseHandle } from './db/client';
import { seedDemoStore } from './demo/seed-store';
import { SESSION_COOKIE } from './modules/identity/auth';

/**
 * Issue 20 §1: two instances of the production entry, each a process of its own, on one
 * PostgreSQL and Redis — one killed with SIGKILL while it holds jobs, and a rolling restart through
 * a load balancer under load.
 */
const testDatabase = inject('testDatabase');
const isAvailable = testDatabase.kind === 'postgres' && Boolean(process.env.REDIS_URL);

let direct: DatabaseHandle;
let dataDir: string;
const running: InstanceProcess[] = [];

/** Both instances share the database, Redis, the secret and the media folder, as behind a real balancer. */
const environment = () => ({
  NODE_ENV: 'production',
  DATABASE_URL: direct.url!,
  REDIS_URL: process.env.REDIS_URL!,
  DATA_DIR: dataDir,
  PUBLIC_URL: TEST_ORIGIN,
  SESSION_SECRET: 'instances-test-secret-instances-test-secret',
  SEED_DEMO: '0',
  LOG_LEVEL: 'warn',
  AUTH_ATTEMPTS_PER_WINDOW: '100000',
  // A dead instance's jobs are found lost after 4 s, looked for every second.
  JOB_EXPIRE_SECONDS: '4',
  JOB_MAINTENANCE_SECONDS: '1',
  SHUTDOWN_DRAIN_SECONDS: '1',
});

async function start(extra: Record<string, string> = {}) {
  const instance = await startInstance({ ...environment(), ...extra });
  running.push(instance);
  return instance;
}

interface Answer {
  status: number;
  body: { data?: Record<string, unknown>; error?: { code: string } } & Record<string, unknown>;
  cookie?: string;
}

/** One API call over real HTTP; a refused or cut connection answers status 0. */
async function call(
  base: string,
  name: EndpointName,
  options: { cookie?: string; params?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  try {
    const answer = await fetch(`${base}${fillPath(ROUTES[name].path, options.params)}`, {
      method: ROUTES[name].method,
      headers: {
        origin: TEST_ORIGIN,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await answer.text();
    const session = answer.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    return {
      status: answer.status,
      body: text.startsWith('{') ? JSON.parse(text) : {},
      cookie: session?.split(';')[0],
    };
  } catch {
    return { status: 0, body: {} };
  }
}

async function signIn(base: string, user: { username: string; password: string }) {
  const answer = await call(base, 'login', { body: { username: user.username, password: user.password } });
  expect(answer.status).toBe(200);
  return answer.cookie!;
}

async function sql<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await direct.executeSql(text, values)).rows as T[];
}

beforeAll(async () => {
  if (!isAvailable) return;
  direct = await openTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'inkwell-instances-'));
  await seedDemoStore(direct.db);
});
afterAll(async () => {
  await Promise.all(running.map((instance) => instance.kill()));
  await direct?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!isAvailable)('two instances (issue 20 §1)', () => {
  it('one killed with SIGKILL mid-burst: the other serves on, retries the jobs it held, and nothing is lost or doubled', async () => {
    const a = await start();
    const b = await start();
    const editor = await buildUser(direct.db, { role: 'editor' });
    const editorCookie = await signIn(a.url, editor);
    const novel = await call(a.url, 'teamSeriesCreate', {
      cookie: editorCookie,
      body: { type: 'novel', title: 'Two Lamps', isPublished: true },
    });
    const comic = await call(a.url, 'teamSeriesCreate', {
      cookie: editorCookie,
      body: { type: 'comic', title: 'Two Lamps Drawn', isPublished: true },
    });
    const novelId = novel.body.data!.id as string;
    const followers = await buildFollowers(direct.db, novelId, 300);
    const priced: string[] = [];
    for (let number = 1; number <= 6; number += 1) {
      const chapter = await call(a.url, 'teamChapterCreate', {
        cookie: editorCookie,
        params: { id: novelId },
        body: { number, price: 5, publishedAt: new Date(Date.now() - 60_000).toISOString(), content: `<p>Night ${number}.</p>` },
      });
      priced.push(chapter.body.data!.id as string);
    }
    const readers = await Promise.all(Array.from({ length: 6 }, () => buildUser(direct.db)));
    const cookies = await Promise.all(readers.map((reader) => signIn(a.url, reader)));
    const packages = (await call(a.url, 'coinPackages')).body.data!.items as { id: string }[];

    /** A reader buys coins with the test checkout and unlocks what they can: the burst's money half. */
    const buyAndUnlock = async (base: string, cookie: string) => {
      const statuses: number[] = [];
      const started = await call(base, 'checkout', { cookie, body: { kind: 'coins', packageId: packages[0]!.id } });
      statuses.push(started.status);
      if (started.status === 201) {
        const purchaseId = started.body.data!.purchaseId as string;
        statuses.push((await call(base, 'testCheckoutComplete', { cookie, params: { purchaseId } })).status);
      }
      for (const chapterId of priced)
        statuses.push((await call(base, 'unlockChapter', { cookie, params: { chapterId } })).status);
      return statuses;
    };
    let nextNumber = 100;
    /** The editor releases a chapter to the novel's 300 followers: the burst's jobs half. */
    const publish = async (base: string) =>
      (
        await call(base, 'teamChapterCreate', {
          cookie: editorCookie,
          params: { id: novelId },
          body: {
            number: (nextNumber += 1),
            publishedAt: new Date(Date.now() - 1_000).toISOString(),
            content: '<p>Out now.</p>',
          },
        })
      ).status;

    // B is frozen, so every job taken from here on is A's. A gets a big page (an AVIF encoding of
    // seconds), releases and purchases; once it holds a job it dies.
    b.child.kill('SIGSTOP');
    const draft = await call(a.url, 'teamChapterCreate', {
      cookie: editorCookie,
      params: { id: comic.body.data!.id as string },
      body: { number: 1 },
    });
    const noise = await sharp({
      create: {
        width: 1400,
        height: 2000,
        channels: 3,
        background: { r: 0, g: 0, b: 0 },
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    const upload = multipart([{ name: 'page.jpg', type: 'image/jpeg', data: noise }]);
    const uploaded = fetch(`${a.url}${fillPath(ROUTES.teamChapterPagesAdd.path, { id: draft.body.data!.id as string })}`, {
      method: 'POST',
      headers: { ...upload.headers, origin: TEST_ORIGIN, cookie: editorCookie },
      body: upload.payload,
    }).then((answer) => answer.status);
    const onA = [...cookies.slice(0, 3).map((cookie) => buyAndUnlock(a.url, cookie)), publish(a.url), publish(a.url)];
    expect(await uploaded).toBe(200);

    let held: { id: string; name: string }[] = [];
    const sawHeld = await eventually(async () => {
      held = await sql(`select id::text, name from pgboss.job where state = 'active'`);
      return held.length > 0;
    }, 20_000);
    expect(sawHeld, 'A took a job').toBe(true);
    await a.kill();
    b.child.kill('SIGCONT');
    const aStatuses = (await Promise.all(onA)).flat();

    // B serves on: more purchases and releases, now only through it.
    const onB = await Promise.all([
      ...cookies.slice(3).map((cookie) => buyAndUnlock(b.url, cookie)),
      publish(b.url),
      publish(b.url),
    ]);
    expect(onB.flat().every((status) => status >= 200 && status < 300)).toBe(true);
    // What reached A either was answered or was lost with it, never a server error.
    expect(
      aStatuses.every((status) => status === 0 || (status >= 200 && status < 300)),
      aStatuses.join(' '),
    ).toBe(true);

    // B takes over what A held: every job runs to its end, none failed.
    const settled = await eventually(async () => {
      const [open] = await sql<{
        n: number;
      }>(`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')
        and name not in ('__pgboss__send-it')`);
      return open!.n === 0;
    }, 60_000);
    expect(settled, 'every job finished').toBe(true);
    const ids = held.map((job) => job.id);
    const retried = await sql<{ id: string; state: string; retry_count: number }>(
      `select id::text, state::text, retry_count from pgboss.job where id = any($1::uuid[])
       union all select id::text, state::text, retry_count from pgboss.archive where id = any($1::uuid[])`,
      [ids],
    );
    expect(retried.map((job) => job.state)).toEqual(ids.map(() => 'completed'));
    expect(retried.every((job) => job.retry_count >= 1)).toBe(true);
    expect(held.map((job) => job.name)).toContain('media.avif');
    expect(await sql(`select 1 from pgboss.job where state = 'failed'`)).toEqual([]);

    // Money: every balance equals its ledger; each purchase credited once; each unlock charged once.
    const [money] = await sql<Record<string, number>>(`select
      (select count(*)::int from users u where u.coins <> coalesce((select sum(delta) from coin_ledger l where l.user_id = u.id), 0)) as wrong_balances,
      (select count(*)::int from (select purchase_id from coin_ledger where purchase_id is not null and delta > 0
        group by purchase_id having count(*) > 1) d) as doubled_credits,
      (select count(*)::int from (select user_id, chapter_id from coin_ledger where kind = 'unlock'
        group by user_id, chapter_id having count(*) > 1) d) as doubled_charges`);
    expect(money).toEqual({ wrong_balances: 0, doubled_credits: 0, doubled_charges: 0 });

    // Every release (on A before it died, or on B) told each of the 300 followers exactly once.
    const releases = await sql<{ id: string }>(`select id::text from chapters where series_id = $1 and number >= 100`, [novelId]);
    expect(releases.length).toBeGreaterThanOrEqual(2);
    const notices = await sql<{ chapter_id: string; notices: number; readers: number }>(
      `select chapter_id::text, count(*)::int as notices, count(distinct user_id)::int as readers
       from notifications where kind = 'new_chapter' and chapter_id = any($1::uuid[]) group by chapter_id`,
      [releases.map((release) => release.id)],
    );
    expect(notices).toHaveLength(releases.length);
    for (const row of notices) expect(row).toMatchObject({ notices: followers.length, readers: followers.length });
    expect((await call(b.url, 'health')).status).toBe(200);
    await b.kill();
  }, 180_000);

  it('a rolling restart behind the balancer drops no request; SIGTERM finishes what is in flight and exits 0', async () => {
    let a = await start();
    let b = await start();
    const balancer = await startBalancer([a.url, b.url]);
    const readers = await Promise.all(Array.from({ length: 4 }, () => buildUser(direct.db)));
    const cookies = await Promise.all(readers.map((reader) => signIn(balancer.url, reader)));
    const editor = await buildUser(direct.db, { role: 'editor' });
    const editorCookie = await signIn(balancer.url, editor);
    const series = await call(balancer.url, 'teamSeriesCreate', {
      cookie: editorCookie,
      body: { type: 'novel', title: 'Relay Lights', isPublished: true },
    });
    const seriesId = series.body.data!.id as string;
    const chapter = await call(balancer.url, 'teamChapterCreate', {
      cookie: editorCookie,
      params: { id: seriesId },
      body: { number: 1, publishedAt: new Date(Date.now() - 60_000).toISOString(), content: '<p>Relay.</p>' },
    });
    const chapterId = chapter.body.data!.id as string;

    // Readers keep reading, saving their place and bookmarking through the balancer the whole time.
    const failures: string[] = [];
    let sent = 0;
    let loading = true;
    const load = cookies.map(async (cookie, i) => {
      for (let step = 0; loading; step += 1) {
        const answer =
          step % 3 === 0
            ? await call(balancer.url, 'home')
            : step % 3 === 1
              ? await call(balancer.url, 'progressSave', {
                  cookie,
                  params: { chapterId },
                  body: { position: ((step % 90) + 1) / 100 },
                })
              : await call(balancer.url, i % 2 ? 'bookmarkAdd' : 'bookmarkRemove', { cookie, params: { seriesId } });
        sent += 1;
        if (answer.status < 200 || answer.status >= 300)
          failures.push(`${step}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    });

    // A request already in flight on A when it is told to stop: its body comes slowly, over 1.5 s.
    const body = JSON.stringify({ position: 0.42 });
    const slow = new Promise<number>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: '127.0.0.1',
          port: a.port,
          method: 'PUT',
          path: fillPath(ROUTES.progressSave.path, { chapterId }),
          headers: {
            origin: TEST_ORIGIN,
            cookie: cookies[0]!,
            'content-type': 'application/json',
            'content-length': body.length,
          },
        },
        (answer) => {
          answer.resume();
          answer.on('end', () => resolve(answer.statusCode ?? 0));
        },
      );
      outgoing.on('error', reject);
      outgoing.write(body.slice(0, 5));
      setTimeout(() => outgoing.end(body.slice(5)), 1_500);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    // Roll A, then B: each is drained, exits 0, and a new one takes its place.
    const roll = async (old: InstanceProcess, other: InstanceProcess) => {
      const told = Date.now();
      old.child.kill('SIGTERM');
      const drained = await eventually(async () => {
        const health = await call(old.url, 'health');
        return health.status === 503 && health.body.draining === true;
      }, 2_000);
      expect(drained, 'health says draining').toBe(true);
      const exit = await old.exited;
      expect(exit, old.output()).toEqual({ code: 0, signal: null });
      expect(Date.now() - told).toBeLessThan(12_000);
      const replacement = await start();
      balancer.setUpstreams([other.url, replacement.url]);
      expect(await eventually(async () => balancer.healthy().includes(replacement.url), 5_000)).toBe(true);
      return replacement;
    };
    const rolled = roll(a, b);
    expect(await slow).toBe(200);
    a = await rolled;
    b = await roll(b, a);
    await new Promise((resolve) => setTimeout(resolve, 500));
    loading = false;
    await Promise.all(load);
    await balancer.close();

    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(50);
    const [place] = await sql<{ n: number }>(`select count(*)::int as n from reading_progress where chapter_id = $1`, [
      chapterId,
    ]);
    expect(place!.n).toBe(readers.length);
    await Promise.all([a.kill(), b.kill()]);
  }, 180_000);
});
