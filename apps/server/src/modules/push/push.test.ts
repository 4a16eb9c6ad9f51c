import { fillPath, ROUTES, type EndpointName } from '@inkwell/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushHeld, pushSubscriptions, pushVapidKeys } from '../../db/schema';
import { buildSeries, buildUser } from '../../../test/factories';
import { startFakePushService } from '../../../test/fake-push-service';
import { follow } from '../../../test/followers';
import { createTestApp, loginAs, TEST_ORIGIN, type TestContext } from '../../../test/helpers';
import { AppError } from '../../lib/app-error';
import { createPushService, isQuiet } from './push.service';

let t: TestContext;
let pushService: Awaited<ReturnType<typeof startFakePushService>>;
let editorCookie: string;
beforeAll(async () => {
  t = await createTestApp({ env: { PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' } });
  pushService = await startFakePushService();
  editorCookie = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
});
afterAll(async () => {
  await pushService?.close();
  await t?.close();
});

const call = (name: EndpointName, options: { cookie?: string; params?: Record<string, string>; body?: unknown } = {}) =>
  t.app.inject({
    method: ROUTES[name].method,
    url: fillPath(ROUTES[name].path, options.params),
    headers: { origin: TEST_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });

const iso = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
let nextNumber = 1;
async function release(seriesId: string) {
  const answer = await call('teamChapterCreate', {
    cookie: editorCookie,
    params: { id: seriesId },
    body: { number: nextNumber++, publishedAt: iso(-1_000) },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  await t.app.services.jobs.drain();
  return answer.json().data as { id: string; slug: string };
}

/** A reader who follows `seriesId` and allowed push in one browser of the fake push service. */
async function followerWithPush(seriesId: string) {
  const reader = await buildUser(t.db);
  const cookie = await loginAs(t.app, reader);
  await follow(t.db, seriesId, [reader.id]);
  const subscription = pushService.subscription();
  const answer = await call('pushSubscribe', { cookie, body: subscription });
  expect(answer.statusCode, answer.body).toBe(201);
  return { reader, cookie, subscription };
}

const receivedAt = (endpoint: string) => pushService.received.filter((push) => endpoint.endsWith(push.path));

describe('web push (issue 21 §4)', () => {
  it('answers one VAPID public key, made once and kept in the database', async () => {
    const first = await call('pushVapidKey');
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json().data as { publicKey: string };
    const point = Buffer.from(publicKey, 'base64url');
    expect([point.length, point[0]]).toEqual([65, 4]);
    expect((await call('pushVapidKey')).json().data.publicKey).toBe(publicKey);
    expect(await t.db.select({ publicKey: pushVapidKeys.publicKey }).from(pushVapidKeys)).toEqual([{ publicKey }]);
  });

  it('a release pushes the bell’s notice to a follower who allowed it, encrypted for their browser and signed with our key', async () => {
    const series = await buildSeries(t, { title: 'The Paper Comet' });
    const { cookie, subscription } = await followerWithPush(series.id);
    const quiet = await buildUser(t.db);
    await follow(t.db, series.id, [quiet.id]);

    const chapter = await release(series.id);
    const pushes = receivedAt(subscription.endpoint);
    expect(pushes).toHaveLength(1);
    const bell = (await call('notifications', { cookie })).json().data.notifications[0];
    expect(pushes[0]!.payload).toEqual({ title: bell.title, body: bell.description, link: bell.link });
    expect(pushes[0]!.payload).toEqual({
      title: 'New chapter of The Paper Comet',
      body: expect.stringMatching(/is out now$/),
      link: `/SeriesView/${series.slug}/${chapter.slug}`,
    });
    const { publicKey } = (await call('pushVapidKey')).json().data as { publicKey: string };
    expect(pushes[0]!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    expect(pushes[0]!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(pushes[0]!.headers.ttl)).toBeGreaterThan(0);
    // Only readers who allowed push get one; the bell has the notice for everybody.
    expect(pushService.received.filter((push) => push.payload.link === pushes[0]!.payload.link)).toHaveLength(1);
  });

  it('forgets a subscription its push service answers 404 or 410 for, and sends the reader’s other browsers on', async () => {
    const series = await buildSeries(t);
    const { cookie, subscription, reader } = await followerWithPush(series.id);
    const second = pushService.subscription();
    expect((await call('pushSubscribe', { cookie, body: second })).statusCode).toBe(201);
    pushService.forget(subscription.endpoint);

    await release(series.id);
    expect(receivedAt(second.endpoint)).toHaveLength(1);
    const left = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, reader.id));
    expect(left).toEqual([{ endpoint: second.endpoint }]);
  });

  it('holds pushes in quiet hours and sends them as one when they end', async () => {
    const series = await buildSeries(t, { title: 'Night Ferry' });
    const { cookie, subscription, reader } = await followerWithPush(series.id);
    // Quiet from an hour ago to an hour from now, in UTC.
    const hour = t.clock.now().getUTCHours();
    const at = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    const saved = await call('notificationPreferencesUpdate', {
      cookie,
      body: { newChapterEmail: 'off', pushQuietHours: { start: at(hour - 1), end: at(hour + 1), timeZone: 'UTC' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.pushQuietHours).toEqual({ start: at(hour - 1), end: at(hour + 1), timeZone: 'UTC' });

    await release(series.id);
    await release(series.id);
    expect(receivedAt(subscription.endpoint)).toHaveLength(0);
    expect(await t.db.select().from(pushHeld).where(eq(pushHeld.userId, reader.id))).toHaveLength(2);
    // Still quiet: nothing goes.
    expect(await t.app.services.push.releaseHeld()).toBe(0);

    t.clock.advance(2 * 60 * 60_000);
    expect(await t.app.services.push.releaseHeld()).toBe(1);
    const pushes = receivedAt(subscription.endpoint);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.payload).toEqual({
      title: '2 new chapters while you were away',
      body: 'Night Ferry · Night Ferry',
      link: '/profile/notifications',
    });
    expect(await t.db.select().from(pushHeld).where(eq(pushHeld.userId, reader.id))).toHaveLength(0);
    expect(await t.app.services.push.releaseHeld()).toBe(0);
  });

  it('refuses a malformed subscription with the field named, and saves nothing', async () => {
    const reader = await buildUser(t.db);
    const cookie = await loginAs(t.app, reader);
    const good = pushService.subscription();
    for (const [body, field] of [
      [{ ...good, keys: { ...good.keys, p256dh: Buffer.alloc(64, 4).toString('base64url') } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, auth: Buffer.alloc(15, 1).toString('base64url') } }, 'keys.auth'],
      [{ ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 2).toString('base64url') } }, 'keys.p256dh'],
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      [{ endpoint: good.endpoint }, 'keys'],
    ] as const) {
      const answer = await call('pushSubscribe', { cookie, body });
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.json().error.fields)).toContain(field);
    }
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, reader.id))).toEqual([]);
    expect((await call('pushSubscribe', { body: good })).statusCode).toBe(401);
  });

  it('in production takes only https:// push services on public addresses', async () => {
    const strict = createPushService({
      db: t.db,
      clock: t.clock,
      logger: t.app.log,
      subject: 'mailto:x@example.com',
      allowPrivateEndpoints: false,
    });
    const reader = await buildUser(t.db);
    const keys = pushService.subscription().keys;
    for (const endpoint of [
      'http://push.example.com/a',
      'https://127.0.0.1/a',
      'https://10.1.2.3/a',
      'https://[::1]/a',
      'https://localhost/a',
      'https://user:pass@push.example.com/a',
    ]) {
      await expect(strict.subscribe(reader.id, { endpoint, keys }), endpoint).rejects.toBeInstanceOf(AppError);
    }
    await strict.subscribe(reader.id, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys });
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, reader.id))).toHaveLength(1);
  });

  it('tells quiet hours across midnight and in the reader’s own time zone', () => {
    const night = { startMinute: 22 * 60, endMinute: 7 * 60, timeZone: 'Asia/Tokyo' };
    // 14:30 UTC is 23:30 in Tokyo; 23:00 UTC is 08:00 there.
    expect(isQuiet(night, new Date('2026-11-26T14:30:00Z'))).toBe(true);
    expect(isQuiet(night, new Date('2026-11-26T23:00:00Z'))).toBe(false);
    expect(isQuiet(undefined, new Date())).toBe(false);
  });
});
