import { createHash } from 'node:crypto';
import { DEVICE_KEYS_MAX, fillPath, ROUTES, type EndpointName } from '@inkwell/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, type TestContext } from '../../../../test/helpers';
import { deviceKeys } from '../../../db/schema';
import { setUserBanned } from '../users/commands/account';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('device keys (issue 19 §1)', () => {
  it('are made with a name, shown once, listed without the key, and kept only as digests', async () => {
    const { user, cookie } = await signedInUser(t);
    const made = await callEndpoint(t, 'deviceKeyCreate', { cookie, body: { name: '  KOReader on the Kobo  ' } });
    expect(made.status).toBe(201);
    // And its QR code, drawn once with it (issue 39: sign-in-qr.test.ts).
    const { key, qrCode, ...shown } = made.body.data;
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(shown).toEqual({
      id: expect.any(String),
      name: 'KOReader on the Kobo',
      createdAt: expect.any(String),
      lastUsedAt: null,
      lastUsedAddress: null,
    });
    // 192 random bits after the prefix.
    expect(key).toMatch(/^iwk_[A-Za-z0-9_-]{32}$/);

    const listed = await callEndpoint(t, 'deviceKeys', { cookie });
    expect(listed.body.data).toEqual({ items: [shown], max: DEVICE_KEYS_MAX });
    expect(JSON.stringify(listed.body)).not.toContain(key);

    const [row] = await t.db.select().from(deviceKeys).where(eq(deviceKeys.userId, user.id));
    expect(JSON.stringify(row)).not.toContain(key.slice(4));
    expect(row!.keySha256).toBe(createHash('sha256').update(key).digest('hex'));
    expect(row!.keyMd5).toBe(md5(key));
  });

  it('refuse a missing, blank or long name with the reason, and make nothing', async () => {
    const { user, cookie } = await signedInUser(t);
    for (const body of [{}, { name: '   ' }, { name: 'x'.repeat(61) }, { name: 42 }]) {
      const answer = await callEndpoint(t, 'deviceKeyCreate', { cookie, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
    }
    expect((await callEndpoint(t, 'deviceKeyCreate', { cookie, body: { name: '' } })).body.error.fields.name).toBe(
      'Name the app or device this key is for',
    );
    expect(await t.db.select().from(deviceKeys).where(eq(deviceKeys.userId, user.id))).toEqual([]);
  });

  it(`stop at ${DEVICE_KEYS_MAX} per account, even when asked for at once`, async () => {
    const { user, cookie } = await signedInUser(t);
    const answers = await Promise.all(
      Array.from({ length: DEVICE_KEYS_MAX + 5 }, (_, i) =>
        callEndpoint(t, 'deviceKeyCreate', { cookie, body: { name: `App ${i}` } }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(DEVICE_KEYS_MAX);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(5);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body.error.message).toContain('revoke one');
    }
    expect(await t.db.select().from(deviceKeys).where(eq(deviceKeys.userId, user.id))).toHaveLength(DEVICE_KEYS_MAX);
  });

  it("sign an app in as their reader, by the key or its MD5, and never by the password or another reader's name", async () => {
    const { user, cookie } = await signedInUser(t);
    const other = await signedInUser(t);
    const { key, id } = (await callEndpoint(t, 'deviceKeyCreate', { cookie, body: { name: 'Panels' } })).body.data;
    const keys = t.app.services.deviceKeys;

    expect(await keys.authenticate(user.username, key, '10.0.0.7')).toEqual({
      keyId: id,
      keyName: 'Panels',
      userId: user.id,
      username: user.username,
    });
    expect(await keys.authenticate(user.username.toUpperCase(), key, '10.0.0.7')).toMatchObject({ userId: user.id });
    expect(await keys.authenticateMd5(user.username, md5(key), '10.0.0.8')).toMatchObject({ userId: user.id });

    expect(await keys.authenticate(user.username, user.password, '10.0.0.7')).toBeNull();
    expect(await keys.authenticate(other.user.username, key, '10.0.0.7')).toBeNull();
    expect(await keys.authenticate(user.username, `${key}x`, '10.0.0.7')).toBeNull();
    expect(await keys.authenticateMd5(user.username, md5(user.password), '10.0.0.7')).toBeNull();
    expect(await keys.authenticateMd5(user.username, md5(key).toUpperCase(), '10.0.0.7')).toBeNull();

    // Its last use shows in the list: when, and from where.
    const [listed] = (await callEndpoint(t, 'deviceKeys', { cookie })).body.data.items;
    expect(listed.lastUsedAt).toBe(t.clock.now().toISOString());
    expect(listed.lastUsedAddress).toBe('10.0.0.8');

    // A banned reader's keys sign nobody in.
    await setUserBanned(t.db, user.id, true);
    expect(await keys.authenticate(user.username, key, '10.0.0.7')).toBeNull();
  });

  it('are revoked by their reader alone, and a revoked key signs nobody in', async () => {
    const { user, cookie } = await signedInUser(t);
    const other = await signedInUser(t);
    const { key, id } = (await callEndpoint(t, 'deviceKeyCreate', { cookie, body: { name: 'Mihon' } })).body.data;

    const foreign = await callEndpoint(t, 'deviceKeyRevoke', { cookie: other.cookie, params: { id } });
    expect(foreign.status).toBe(404);
    expect(await t.app.services.deviceKeys.authenticate(user.username, key, '10.0.0.9')).not.toBeNull();

    expect((await callEndpoint(t, 'deviceKeyRevoke', { cookie, params: { id } })).status).toBe(200);
    expect(await t.app.services.deviceKeys.authenticate(user.username, key, '10.0.0.9')).toBeNull();
    expect((await callEndpoint(t, 'deviceKeys', { cookie })).body.data.items).toEqual([]);
    expect((await callEndpoint(t, 'deviceKeyRevoke', { cookie, params: { id } })).status).toBe(404);
    expect((await callEndpoint(t, 'deviceKeyRevoke', { cookie, params: { id: 'not-a-key' } })).status).toBe(400);
  });

  it('are not for visitors', async () => {
    expect((await callEndpoint(t, 'deviceKeys')).status).toBe(401);
    expect((await callEndpoint(t, 'deviceKeyCreate', { body: { name: 'App' } })).status).toBe(401);
  });
});

describe('what a device key cannot do (issue 19 §1)', () => {
  it('spends no coins, changes nothing, comments nowhere and reaches no team route: the API knows no keys', async () => {
    const { user, cookie } = await signedInUser(t);
    const key = (await callEndpoint(t, 'deviceKeyCreate', { cookie, body: { name: 'Mihon' } })).body.data.key as string;
    const headers = {
      origin: 'http://localhost:3000',
      authorization: `Basic ${Buffer.from(`${user.username}:${key}`).toString('base64')}`,
      'x-auth-user': user.username,
      'x-auth-key': md5(key),
    };
    const none = '00000000-0000-4000-8000-000000000000';
    const attempts: [EndpointName, Record<string, string>, object?][] = [
      ['unlockChapter', { chapterId: none }],
      ['checkout', {}, { kind: 'coins', packageId: none }],
      ['commentCreate', {}, { chapterId: none, body: 'From an app' }],
      ['storeSettings', {}, { autoUnlock: true }],
      ['deviceKeyCreate', {}, { name: 'Another' }],
      ['teamSeriesList', {}],
      ['wallet', {}],
    ];
    for (const [name, params, payload] of attempts) {
      const { method, path } = ROUTES[name];
      const answer = await t.app.inject({ method, url: fillPath(path, params), headers, ...(payload ? { payload } : {}) });
      expect(answer.statusCode, name).toBe(401);
    }
    // Nothing was made with it.
    expect((await callEndpoint(t, 'deviceKeys', { cookie })).body.data.items).toHaveLength(1);
  });
});
