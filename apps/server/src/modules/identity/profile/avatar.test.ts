import { AVATAR_MAX_BYTES, AVATAR_SIZES, avatarSrc, fillPath, ROUTES } from '@inkwell/contract';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser, signedInUser } from '../../../../test/factories';
import { jpegWithExif, multipart, pixelBombPng, png } from '../../../../test/fixtures';
import { callEndpoint, createTestApp, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';
import { users } from '../../../db/schema';
import { DOMAIN_EVENT_TYPES, type DomainEvent } from '../../../lib/domain-events';
import { moveCoins } from '../../money/wallet';

let t: TestContext;
const heard: DomainEvent[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.app.services.events.subscribe(DOMAIN_EVENT_TYPES, (event) => heard.push(event));
});
afterAll(async () => {
  await t?.close();
});

/** PUT ME/avatar with these bytes as its one image (or a body of its own). */
function upload(cookie: string | undefined, data: Buffer | null, headers: Record<string, string> = {}) {
  const body = multipart(data ? [{ field: 'avatar', name: 'me.jpg', type: 'image/jpeg', data }] : []);
  return t.app.inject({
    method: 'PUT',
    url: ROUTES.avatarPut.path,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...body.headers, ...headers },
    payload: body.payload,
  });
}
const rowOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const media = (url: string) => t.app.inject({ method: 'GET', url });

describe('PUT ME/avatar', () => {
  it('stores two centred squares, re-encoded without EXIF, and bumps the version the session and profile carry at once', async () => {
    const { user, cookie } = await signedInUser(t);
    // Read once: the session is kept a few seconds per instance.
    expect((await callEndpoint(t, 'profile', { cookie })).body.data.avatarVersion).toBe(0);
    heard.length = 0;
    const answer = await upload(cookie, await jpegWithExif(400, 240));
    expect(answer.statusCode, answer.body).toBe(200);
    const { avatarUrl, avatarVersion } = answer.json().data as { avatarUrl: string; avatarVersion: number };
    expect(avatarVersion).toBe(1);
    expect(avatarUrl).toMatch(new RegExp(`^/media/avatars/${user.id}/[\\w-]+-${AVATAR_SIZES.large}\\.webp$`));
    expect(heard).toEqual([{ type: 'user.changed', userId: user.id }]);

    for (const [size, side] of [
      ['large', AVATAR_SIZES.large],
      ['small', AVATAR_SIZES.small],
    ] as const) {
      const served = await media(avatarSrc(avatarUrl, size, avatarVersion));
      expect(served.statusCode, size).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: side, height: side });
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    }

    const profile = (await callEndpoint(t, 'profile', { cookie })).body.data;
    expect(profile).toMatchObject({ avatarUrl, avatarVersion: 1 });
    expect((await callEndpoint(t, 'verify', { cookie })).body.user).toMatchObject({ avatarUrl, avatarVersion: 1 });
  });

  it('replaces the avatar: a new address and version, the old files gone; comments show the new one', async () => {
    const { user, cookie } = await signedInUser(t);
    const first = (await upload(cookie, await png(300, 300))).json().data;
    const series = await buildSeries(t);
    const chapter = await buildChapter(t, series.id, { number: 1 });
    await callEndpoint(t, 'commentCreate', { cookie, body: { chapterId: chapter.id, body: 'Nice art' } });

    const second = (await upload(cookie, await png(200, 500, { r: 10, g: 200, b: 10 }))).json().data;
    expect(second.avatarVersion).toBe(first.avatarVersion + 1);
    expect(second.avatarUrl).not.toBe(first.avatarUrl);
    expect((await media(first.avatarUrl)).statusCode).toBe(404);
    expect((await media(avatarSrc(first.avatarUrl, 'small'))).statusCode).toBe(404);
    expect((await media(second.avatarUrl)).statusCode).toBe(200);

    const list = await callEndpoint(t, 'chapterComments', { params: { chapterId: chapter.id } });
    expect(list.body.data.items[0].author).toMatchObject({ id: user.id, avatarUrl: second.avatarUrl, avatarVersion: 2 });
  });

  it('refuses a bad image with a clear, specific error in the reader’s language, and changes nothing', async () => {
    const { user, cookie } = await signedInUser(t);
    const kept = (await upload(cookie, await png(128, 128))).json().data;
    const before = await rowOf(user.id);
    // The disk driver's folder of the reader's avatars.
    const files = () => readdirSync(join(t.dataDir, 'media', 'avatars', user.id)).sort();
    const filesBefore = files();
    expect(filesBefore).toHaveLength(2);

    const cases: [string, Buffer | null, number, string][] = [
      [
        'not an image',
        Buffer.from('just some words, not a picture at all'),
        415,
        'Your avatar must be a JPEG, PNG, WebP, AVIF or GIF image',
      ],
      ['an empty file', Buffer.alloc(0), 400, 'The image is empty: choose a JPEG, PNG, WebP, AVIF or GIF image'],
      ['no file', null, 400, 'Choose an image for your avatar'],
      ['too small', await png(40, 300), 400, 'The image is 40×300 pixels: an avatar needs at least 64×64'],
      [
        'a damaged image',
        (await png(200, 200)).subarray(0, 60),
        400,
        'This image could not be read; it may be damaged. Try another.',
      ],
      ['too many pixels', pixelBombPng(), 413, 'The image is 2500 megapixels; the limit is 80'],
      [
        'too big',
        Buffer.concat([await png(100, 100), Buffer.alloc(AVATAR_MAX_BYTES)]),
        413,
        'The image is larger than 5 MB: choose a smaller one',
      ],
    ];
    for (const [what, data, status, message] of cases) {
      const refused = await upload(cookie, data);
      expect(refused.statusCode, what).toBe(status);
      expect(refused.json().error.message, what).toBe(message);
    }
    const portuguese = await upload(cookie, await png(40, 40), { 'accept-language': 'pt-BR' });
    expect(portuguese.json().error.message).toBe('A imagem tem 40×40 pixels: um avatar precisa de pelo menos 64×64');
    const spanish = await upload(cookie, Buffer.from('GIF89a but then nothing of a gif'), { 'accept-language': 'es' });
    expect(spanish.json().error.message).toBe('No se pudo leer esta imagen; puede estar dañada. Prueba con otra.');

    expect(await rowOf(user.id)).toEqual(before);
    expect(files()).toEqual(filesBefore);
    expect((await media(kept.avatarUrl)).statusCode).toBe(200);
  });
});

describe('DELETE ME/avatar', () => {
  it('removes the avatar and its files, and bumps the version', async () => {
    const { user, cookie } = await signedInUser(t);
    const stored = (await upload(cookie, await png(100, 100))).json().data;
    heard.length = 0;
    const removed = await callEndpoint(t, 'avatarDelete', { cookie });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ avatarUrl: null, avatarVersion: stored.avatarVersion + 1 });
    expect(heard).toEqual([{ type: 'user.changed', userId: user.id }]);
    expect((await media(stored.avatarUrl)).statusCode).toBe(404);
    expect((await media(avatarSrc(stored.avatarUrl, 'small'))).statusCode).toBe(404);
    expect((await callEndpoint(t, 'profile', { cookie })).body.data).toMatchObject({ avatarUrl: null, avatarVersion: 2 });
    // Removing none is fine, and moves the version on all the same.
    expect((await callEndpoint(t, 'avatarDelete', { cookie })).body.data).toEqual({ avatarUrl: null, avatarVersion: 3 });
  });
});

describe('a gift’s giver among the supporters', () => {
  it('shows the new name and avatar among a series’ supporters at once', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const series = await buildSeries(t);
    const author = await buildUser(t.db);
    const payees = [{ userId: author.id, role: 'author', shareBps: 10_000 }];
    expect(
      (await callEndpoint(t, 'adminSeriesPayeesUpdate', { cookie: admin.cookie, params: { id: series.id }, body: payees }))
        .status,
    ).toBe(200);
    const fan = await signedInUser(t);
    await moveCoins(t.db, { userId: fan.user.id, delta: 100, kind: 'adjustment', reason: 'For the test' });
    // The supporters are this month's by the app's clock, the gift's moment is the database's: the
    // same month, even when this file started in the last seconds of the one before.
    t.clock.set(new Date());
    const gift = await callEndpoint(t, 'seriesGift', {
      cookie: fan.cookie,
      params: { seriesId: series.id },
      body: { amount: 10 },
    });
    expect(gift.status, JSON.stringify(gift.body)).toBe(201);

    const name = `patron_${Date.now() % 1e9}`;
    expect((await callEndpoint(t, 'profileUpdate', { cookie: fan.cookie, body: { username: name } })).status).toBe(200);
    const avatar = await upload(fan.cookie, await png(100, 100));
    const supporters = await callEndpoint(t, 'seriesSupporters', { params: { seriesId: series.id } });
    expect(supporters.body.data.items).toEqual([{ username: name, avatarUrl: avatar.json().data.avatarUrl, coins: 10 }]);
  });
});

describe('who may change an avatar', () => {
  it('answers a visitor 401 on both, and stores nothing', async () => {
    const put = await upload(undefined, await png(100, 100));
    expect(put.statusCode).toBe(401);
    expect((await callEndpoint(t, 'avatarDelete')).status).toBe(401);
    expect(fillPath(ROUTES.avatarDelete.path)).toBe('/api/omegascans/secure/me/avatar');
  });
});
