import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushHeld, pushSubscriptions, pushVapidKeys } from '../../../db/schema';
import { buildSeries, buildUser } from '../../../../test/factories';
import { startFakePushService } from '../../../../test/fake-push-service';
import { follow } from '../../../../test/followers';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';
import { AppError } from '../../../lib/app-error';
import { translatorFor } from '../../../lib/i18n';
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

const iso = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
let nextNumber = 1;
async function release(seriesId: string) {
  const answer = await callEndpoint(t, 'teamChapterCreate', {
    cookie: editorCookie,
    params: { id: seriesId },
    // A novel's chapter, with its text: a chapter goes out only with something to read (issue 33 §5).
    body: { number: nextNumber++, publishedAt: iso(-1_000), content: '<p>The comet passed.</p>' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  await t.app.services.jobs.drain();
  return answer.body.data as { id: string; slug: string };
}

/** A reader who follows `seriesId` and allowed push in one browser of the fake push service. */
async function followerWithPush(seriesId: string) {
  const reader = await buildUser(t.db);
  const cookie = await loginAs(t.app, reader);
  await follow(t.db, seriesId, [reader.id]);
  const subscription = pushService.subscription();
  const answer = await callEndpoint(t, 'pushSubscribe', { cookie, body: subscription });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { reader, cookie, subscription };
}

const receivedAt = (endpoint: string) => pushService.received.filter((push) => endpoint.endsWith(push.path));

describe('web push (issue 21 §4)', () => {
  it('answers one VAPID public key, made once and kept in the database', async () => {
    const first = await callEndpoint(t, 'pushVapidKey');
    expect(first.status).toBe(200);
    const { publicKey } = first.body.data as { publicKey: string };
    const point = Buffer.from(publicKey, 'base64url');
    expect([point.length, point[0]]).toEqual([65, 4]);
    expect((await callEndpoint(t, 'pushVapidKey')).body.data.publicKey).toBe(publicKey);
    expect(await t.db.select({ publicKey: pushVapidKeys.publicKey }).from(pushVapidKeys)).toEqual([{ publicKey }]);
  });

  it('a release pushes the bell’s notice to a follower who allowed it, encrypted for their browser and signed with our key', async () => {
    const series = await buildSeries(t, { type: 'novel', title: 'The Paper Comet' });
    const { cookie, subscription } = await followerWithPush(series.id);
    const quiet = await buildUser(t.db);
    await follow(t.db, series.id, [quiet.id]);

    const chapter = await release(series.id);
    const pushes = receivedAt(subscription.endpoint);
    expect(pushes).toHaveLength(1);
    const bell = (await callEndpoint(t, 'notifications', { cookie })).body.data.notifications[0];
    expect(pushes[0]!.payload).toEqual({ title: bell.title, body: bell.description, link: bell.link });
    expect(pushes[0]!.payload).toEqual({
      title: 'New chapter of The Paper Comet',
      body: expect.stringMatching(/is out now$/),
      link: `/SeriesView/${series.slug}/${chapter.slug}`,
    });
    const { publicKey } = (await callEndpoint(t, 'pushVapidKey')).body.data as { publicKey: string };
    expect(pushes[0]!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    expect(pushes[0]!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(pushes[0]!.headers.ttl)).toBeGreaterThan(0);
    // Only readers who allowed push get one; the bell has the notice for everybody.
    expect(pushService.received.filter((push) => push.payload.link === pushes[0]!.payload.link)).toHaveLength(1);
  });

  it('forgets a subscription its push service answers 404 or 410 for, and sends the reader’s other browsers on', async () => {
    const series = await buildSeries(t, { type: 'novel' });
    const { cookie, subscription, reader } = await followerWithPush(series.id);
    const second = pushService.subscription();
    expect((await callEndpoint(t, 'pushSubscribe', { cookie, body: second })).status).toBe(201);
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
    const series = await buildSeries(t, { type: 'novel', title: 'Night Ferry' });
    const { cookie, subscription, reader } = await followerWithPush(series.id);
    // Quiet from an hour ago to an hour from now, in UTC.
    const hour = t.clock.now().getUTCHours();
    const at = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    const saved = await callEndpoint(t, 'notificationPreferencesUpdate', {
      cookie,
      body: { newChapterEmail: 'off', pushQuietHours: { start: at(hour - 1), end: at(hour + 1), timeZone: 'UTC' } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.pushQuietHours).toEqual({ start: at(hour - 1), end: at(hour + 1), timeZone: 'UTC' });

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
      const answer = await callEndpoint(t, 'pushSubscribe', { cookie, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body.error.fields)).toContain(field);
    }
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, reader.id))).toEqual([]);
    expect((await callEndpoint(t, 'pushSubscribe', { body: good })).status).toBe(401);
  });

  it('tells quiet hours across midnight and in the reader’s own time zone', () => {
    const night = { startMinute: 22 * 60, endMinute: 7 * 60, timeZone: 'Asia/Tokyo' };
    // 14:30 UTC is 23:30 in Tokyo; 23:00 UTC is 08:00 there.
    expect(isQuiet(night, new Date('2026-11-26T14:30:00Z'))).toBe(true);
    expect(isQuiet(night, new Date('2026-11-26T23:00:00Z'))).toBe(false);
    expect(isQuiet(undefined, new Date())).toBe(false);
  });
});

describe('push endpoints and who they belong to (issue 32)', () => {
  /** A DNS table for the strict push service: names lead where a test says, and nothing touches the network. */
  const names = new Map<string, string[]>();
  const lookups: string[] = [];
  const resolveHost = async (hostname: string) => {
    lookups.push(hostname);
    const addresses = names.get(hostname);
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const strictPush = () =>
    createPushService({
      db: t.db,
      clock: t.clock,
      logger: t.app.log,
      subject: 'mailto:x@example.com',
      languages: t.app.services.languages,
      allowPrivateEndpoints: false,
      resolveHost,
    });
  const keys = () => pushService.subscription().keys;
  const subscriptionsOfReader = (userId: string) =>
    t.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

  /** A loopback listener that counts who connects: what a refused endpoint must never get. */
  async function listener() {
    let connections = 0;
    const server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      port: (server.address() as AddressInfo).port,
      connections: () => connections,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  it('refuses at subscribe, with a 400 naming the endpoint, every address that is not on the public internet', async () => {
    const strict = strictPush();
    const reader = await buildUser(t.db);
    names.set('metadata.rebind.test', ['169.254.169.254']);
    names.set('mixed.rebind.test', ['2606:4700::1111', '::ffff:10.0.0.1']);
    names.set('loop6.rebind.test', ['::1']);
    for (const host of [
      '127.0.0.1',
      '10.1.2.3',
      '169.254.169.254',
      '0x7f.1',
      '2130706433',
      '[::1]',
      '[::]',
      '[::127.0.0.1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:169.254.169.254]',
      '[64:ff9b::a9fe:a9fe]',
      '[64:ff9b::127.0.0.1]',
      '[64:ff9b:1::a00:1]',
      '[2002:7f00:1::1]',
      '[2002:a9fe:a9fe::1]',
      '[2002:c0a8:101::]',
      '[2001:0:4136:e378:8000:63bf:3fff:fdd2]',
      '[2001:db8::1]',
      '[fec0::1]',
      '[fe80::1]',
      '[fc00::1]',
      '[fd00:ec2::254]',
      '[ff02::1]',
      '[ff0e::1]',
      'localhost',
      'metadata.rebind.test',
      'mixed.rebind.test',
      'loop6.rebind.test',
      'nowhere.rebind.test',
    ]) {
      const endpoint = `https://${host}/push/abc`;
      const refusal = await strict.subscribe(reader.id, { endpoint, keys: keys() }).catch((error: unknown) => error);
      expect(refusal, endpoint).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ code: 'validation_failed', fields: { endpoint: 'apiErrors.platform.pushEndpointField' } });
      const { reason, values } = refusal as AppError;
      expect(translatorFor('en')(reason, values)).toMatch(/^This is not a push service address: .+/);
    }
    for (const endpoint of ['http://push.example.com/a', 'https://user:pass@fcm.googleapis.com/a']) {
      await expect(strict.subscribe(reader.id, { endpoint, keys: keys() }), endpoint).rejects.toBeInstanceOf(AppError);
    }
    expect(await subscriptionsOfReader(reader.id)).toEqual([]);

    names.set('fcm.googleapis.com', ['142.250.74.106', '2a00:1450:4001:80b::200a']);
    names.set('updates.push.services.mozilla.com', ['34.117.0.1']);
    const accepted = [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://1.1.1.1/push/a',
      'https://[2606:4700::1111]/push/a',
      'https://[2001:4860:4860::8888]/push/a',
      'https://[::ffff:1.1.1.1]/push/a',
      'https://[64:ff9b::101:101]/push/a',
      'https://[2002:101:101::1]/push/a',
    ];
    for (const endpoint of accepted) await strict.subscribe(reader.id, { endpoint, keys: keys() });
    // [::ffff:1.1.1.1] and [64:ff9b::101:101] only spell 1.1.1.1: saved as it, one row with it.
    const saved = accepted.filter((endpoint) => !endpoint.includes('[::ffff:') && !endpoint.includes('[64:ff9b:'));
    expect((await subscriptionsOfReader(reader.id)).map((row) => row.endpoint).sort()).toEqual(saved.sort());
  });

  it('answers the subscribe call itself with 400 and the message when the endpoint is private', async () => {
    const strictApp = await createTestApp();
    try {
      const cookie = await loginAs(strictApp.app, await buildUser(strictApp.db));
      for (const endpoint of ['https://[::ffff:127.0.0.1]/a', 'https://[64:ff9b::a9fe:a9fe]/a', 'https://[fec0::1]/a']) {
        const answer = await callEndpoint(strictApp, 'pushSubscribe', { cookie, body: { endpoint, keys: keys() } });
        expect(answer.status, endpoint).toBe(400);
        expect(answer.body.error).toMatchObject({
          code: 'validation_failed',
          message: expect.stringContaining('is not on the public internet'),
          fields: { endpoint: expect.any(String) },
        });
      }
    } finally {
      await strictApp.close();
    }
  });

  it('checks again at send time: a subscription whose endpoint now leads inward is dropped, never connected to', async () => {
    const strict = strictPush();
    const target = await listener();
    try {
      const reader = await buildUser(t.db);
      // Accepted while the name led to a public address; then it was pointed at loopback.
      names.set('moved.rebind.test', ['1.1.1.1']);
      await strict.subscribe(reader.id, { endpoint: `https://moved.rebind.test:${target.port}/push/a`, keys: keys() });
      names.set('moved.rebind.test', ['127.0.0.1']);
      // And one saved before endpoints were checked this closely: an IPv4-mapped loopback literal.
      await t.db.insert(pushSubscriptions).values({
        userId: reader.id,
        endpoint: `https://[::ffff:127.0.0.1]:${target.port}/push/b`,
        ...keys(),
      });
      expect(await subscriptionsOfReader(reader.id)).toHaveLength(2);

      await strict.deliver(reader.id, { title: 'New chapter', body: 'Out now', link: null });
      expect(await subscriptionsOfReader(reader.id)).toEqual([]);
      expect(target.connections()).toBe(0);
    } finally {
      await target.close();
    }
  });

  it('resolves the name again for the connection itself: an answer that changes after the check still never connects inward', async () => {
    const strict = strictPush();
    const target = await listener();
    try {
      const reader = await buildUser(t.db);
      names.set('flip.rebind.test', ['1.1.1.1']);
      await strict.subscribe(reader.id, { endpoint: `https://flip.rebind.test:${target.port}/push/a`, keys: keys() });
      // Public for the check before sending, loopback for the connection's own lookup.
      lookups.length = 0;
      const resolveOnce = async (hostname: string) => {
        const answer = await resolveHost(hostname);
        names.set('flip.rebind.test', ['127.0.0.1']);
        return answer;
      };
      const flipping = createPushService({
        db: t.db,
        clock: t.clock,
        logger: t.app.log,
        subject: 'mailto:x@example.com',
        languages: t.app.services.languages,
        allowPrivateEndpoints: false,
        resolveHost: resolveOnce,
      });
      await flipping.deliver(reader.id, { title: 'New chapter', body: 'Out now', link: null });
      expect(lookups.filter((host) => host === 'flip.rebind.test')).toHaveLength(2);
      expect(target.connections()).toBe(0);
      expect(await subscriptionsOfReader(reader.id)).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('keeps a subscription whose name does not resolve for a moment, and sends nothing to it', async () => {
    const strict = strictPush();
    const reader = await buildUser(t.db);
    names.set('flaky.rebind.test', ['1.1.1.1']);
    await strict.subscribe(reader.id, { endpoint: 'https://flaky.rebind.test/push/a', keys: keys() });
    names.delete('flaky.rebind.test');
    await strict.deliver(reader.id, { title: 'New chapter', body: 'Out now', link: null });
    expect(await subscriptionsOfReader(reader.id)).toEqual([{ endpoint: 'https://flaky.rebind.test/push/a' }]);
  });

  it('keeps an endpoint with the first account that saved it: another gets 409 until the first removes it', async () => {
    const first = await buildUser(t.db);
    const second = await buildUser(t.db);
    const firstCookie = await loginAs(t.app, first);
    const secondCookie = await loginAs(t.app, second);
    const subscription = pushService.subscription();
    expect((await callEndpoint(t, 'pushSubscribe', { cookie: firstCookie, body: subscription })).status).toBe(201);

    const taken = await callEndpoint(t, 'pushSubscribe', { cookie: secondCookie, body: subscription });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({
      code: 'conflict',
      message: 'This browser already receives pushes for another account',
    });
    // Other keys do not help, and the second account cannot remove it either.
    const otherKeys = { ...subscription, keys: pushService.subscription().keys };
    expect((await callEndpoint(t, 'pushSubscribe', { cookie: secondCookie, body: otherKeys })).status).toBe(409);
    await callEndpoint(t, 'pushUnsubscribe', { cookie: secondCookie, body: { endpoint: subscription.endpoint } });
    expect(await subscriptionsOfReader(first.id)).toEqual([{ endpoint: subscription.endpoint }]);
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    expect(row).toMatchObject({ userId: first.id, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth });
    // The owner may send it again.
    expect((await callEndpoint(t, 'pushSubscribe', { cookie: firstCookie, body: subscription })).status).toBe(201);

    expect(
      (await callEndpoint(t, 'pushUnsubscribe', { cookie: firstCookie, body: { endpoint: subscription.endpoint } })).status,
    ).toBe(200);
    expect((await callEndpoint(t, 'pushSubscribe', { cookie: secondCookie, body: subscription })).status).toBe(201);
    expect(await subscriptionsOfReader(second.id)).toEqual([{ endpoint: subscription.endpoint }]);
    expect(await subscriptionsOfReader(first.id)).toEqual([]);
  });

  it('keeps an endpoint with the first account under every spelling of it, saved in one', async () => {
    const first = await buildUser(t.db);
    const second = await buildUser(t.db);
    const firstCookie = await loginAs(t.app, first);
    const secondCookie = await loginAs(t.app, second);
    const token = `spelt-${first.id}`;
    const endpoint = `https://93.184.216.34/fcm/send/${token}`;
    const spellings = [
      `https://93.184.216.34:443/fcm/send/${token}`,
      `${endpoint}#x`,
      `${endpoint}?`,
      `https://[::ffff:93.184.216.34]/fcm/send/${token}`,
      `https://[::ffff:5db8:d822]/fcm/send/${token}`,
      `https://[64:ff9b::93.184.216.34]/fcm/send/${token}`,
      `https://1572395042/fcm/send/${token}`,
      `https://0x5db8d822/fcm/send/${token}`,
      `HTTPS://93.184.216.34./fcm/send/${token}`,
      `https://93.184.216.34/fcm/./send/${token}`,
    ];
    const subscribe = (cookie: string, spelt: string) =>
      callEndpoint(t, 'pushSubscribe', { cookie, body: { endpoint: spelt, keys: keys() } });
    expect((await subscribe(firstCookie, endpoint)).status).toBe(201);
    for (const spelt of spellings) {
      const taken = await subscribe(secondCookie, spelt);
      expect(taken.status, spelt).toBe(409);
      expect(taken.body.error).toMatchObject({ code: 'conflict' });
    }
    expect(await subscriptionsOfReader(second.id)).toEqual([]);
    // The owner's own other spellings refresh the one row, and any of them removes it.
    for (const spelt of spellings) expect((await subscribe(firstCookie, spelt)).status, spelt).toBe(201);
    expect(await subscriptionsOfReader(first.id)).toEqual([{ endpoint }]);
    expect((await callEndpoint(t, 'pushUnsubscribe', { cookie: secondCookie, body: { endpoint: `${endpoint}#x` } })).status).toBe(
      200,
    );
    expect(await subscriptionsOfReader(first.id)).toEqual([{ endpoint }]);
    await callEndpoint(t, 'pushUnsubscribe', { cookie: firstCookie, body: { endpoint: spellings[3]! } });
    expect(await subscriptionsOfReader(first.id)).toEqual([]);

    // Saved first under another spelling: still one resource, the first account's.
    expect((await subscribe(firstCookie, spellings[6]!)).status).toBe(201);
    expect(await subscriptionsOfReader(first.id)).toEqual([{ endpoint }]);
    expect((await subscribe(secondCookie, endpoint)).status).toBe(409);
  });

  it('drops, unconnected, a subscription saved under another spelling before endpoints were saved in one', async () => {
    const owner = await buildUser(t.db);
    const other = await buildUser(t.db);
    const subscription = pushService.subscription();
    const sender = createPushService({
      db: t.db,
      clock: t.clock,
      logger: t.app.log,
      subject: 'mailto:x@example.com',
      languages: t.app.services.languages,
      allowPrivateEndpoints: true,
    });
    await sender.subscribe(owner.id, subscription);
    // Written as the old rule let them be: the owner's push resource, spelt otherwise, for another account.
    for (const spelt of [`${subscription.endpoint}#x`, `${subscription.endpoint}?`])
      await t.db.insert(pushSubscriptions).values({ userId: other.id, endpoint: spelt, ...subscription.keys });
    expect(await subscriptionsOfReader(other.id)).toHaveLength(2);

    await sender.deliver(other.id, { title: 'Not yours', body: 'Never sent', link: null });
    expect(await subscriptionsOfReader(other.id)).toEqual([]);
    expect(receivedAt(subscription.endpoint)).toEqual([]);
    await sender.deliver(owner.id, { title: 'Yours', body: 'Sent', link: null });
    expect(receivedAt(subscription.endpoint).map((push) => push.payload.title)).toEqual(['Yours']);
    expect(await subscriptionsOfReader(owner.id)).toEqual([{ endpoint: subscription.endpoint }]);
  });
});
