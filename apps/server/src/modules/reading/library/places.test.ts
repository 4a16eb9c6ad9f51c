import { createHash } from 'node:crypto';
import { accountExportSchema } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';

// Issue 39 §1: each device's latest place in a chapter, kept beside the merged one.

let t: TestContext;
let comic: { id: string; slug: string };
let chapter: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  comic = await buildSeries(t, { title: 'Places Lanterns' });
  chapter = await buildChapter(t, comic.id, { number: 1, pages: 20 });
});
afterAll(async () => {
  await t?.close();
});

const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE = 'phone-5b9d8f3a-0001';
const DESKTOP = 'desktop-5b9d8f3a-0002';

async function readerWithKey() {
  const user = await buildUser(t.db);
  const cookie = await loginAs(t.app, user);
  const made = (await callEndpoint(t, 'deviceKeyCreate', { cookie, body: { name: `Kobo of ${user.username}` } })).body.data;
  return { id: user.id, username: user.username, password: user.password, cookie, key: made.key as string };
}
type Reader = Awaited<ReturnType<typeof readerWithKey>>;

const saveFrom = (who: Reader, userAgent: string, body: Record<string, unknown>) =>
  callEndpoint(t, 'progressSave', {
    cookie: who.cookie,
    params: { chapterId: chapter.id },
    body,
    headers: { 'user-agent': userAgent },
  });
const placesOf = async (who: { cookie: string }, deviceId?: string) => {
  const answer = await callEndpoint(t, 'chapterPlaces', {
    cookie: who.cookie,
    params: { chapterId: chapter.id },
    query: deviceId ? `?deviceId=${deviceId}` : '',
  });
  expect(answer.status).toBe(200);
  return answer.body.data.items as { deviceName: string; app: string; page: number | null; isThisDevice: boolean }[];
};
const mergedOf = async (who: Reader) =>
  (await callEndpoint(t, 'seriesProgress', { cookie: who.cookie, params: { seriesId: comic.id } })).body.data.chapters[
    chapter.id
  ];
const basic = (who: Reader) => `Basic ${Buffer.from(`${who.username}:${who.key}`).toString('base64')}`;

/** KOReader's PUT as it sends it: the username and the key's MD5, its device and device_id. */
async function koreaderPage(who: Reader, page: number, device = 'Kobo_frost', deviceId = 'A1B2C3D4E5') {
  const file = await t.app.inject({
    method: 'GET',
    url: `/download/chapters/${chapter.id}.cbz`,
    headers: { authorization: basic(who) },
  });
  const document = file.headers['x-koreader-document'] as string;
  const sent = await t.app.inject({
    method: 'PUT',
    url: '/koreader/syncs/progress',
    headers: {
      accept: 'application/vnd.koreader.v1+json',
      'content-type': 'application/json',
      'x-auth-user': who.username,
      'x-auth-key': createHash('md5').update(who.key).digest('hex'),
    },
    payload: { document, progress: String(page), percentage: page / 20, device, device_id: deviceId },
  });
  expect(sent.statusCode).toBe(200);
}

describe("each device's place in a chapter (issue 39 §1)", () => {
  it('keeps two browsers apart, named from their user agent, while the merged place is the latest write', async () => {
    const reader = await readerWithKey();
    expect((await saveFrom(reader, FIREFOX_ANDROID, { page: 3, deviceId: PHONE })).status).toBe(200);
    t.clock.advance(60_000);
    expect((await saveFrom(reader, CHROME_WINDOWS, { page: 9, deviceId: DESKTOP })).status).toBe(200);
    expect(await mergedOf(reader)).toMatchObject({ page: 9 });

    expect(await placesOf(reader, PHONE)).toEqual([
      expect.objectContaining({ deviceName: 'Chrome on Windows', app: 'web', page: 9, isThisDevice: false }),
      expect.objectContaining({ deviceName: 'Firefox on Android', app: 'web', page: 3, isThisDevice: true }),
    ]);

    // The phone goes on: its own row moves, the desktop's stays, the merged place follows.
    t.clock.advance(60_000);
    await saveFrom(reader, FIREFOX_ANDROID, { page: 5, deviceId: PHONE });
    expect((await placesOf(reader, DESKTOP)).map((place) => [place.deviceName, place.page, place.isThisDevice])).toEqual([
      ['Firefox on Android', 5, false],
      ['Chrome on Windows', 9, true],
    ]);
    expect(await mergedOf(reader)).toMatchObject({ page: 5 });

    // "Opened now" (no page) and a save without an id (an older page) keep no device place.
    await saveFrom(reader, CHROME_WINDOWS, { completed: false, deviceId: DESKTOP });
    await saveFrom(reader, CHROME_WINDOWS, { page: 7 });
    expect((await placesOf(reader)).map((place) => place.page)).toEqual([5, 9]);
    expect(await mergedOf(reader)).toMatchObject({ page: 7 });
  });

  it('records KOReader, OPDS 2 and page streaming with their device; OPDS 2 names the device of the merged place', async () => {
    const reader = await readerWithKey();
    await saveFrom(reader, FIREFOX_ANDROID, { page: 2, deviceId: PHONE });
    t.clock.advance(60_000);
    await koreaderPage(reader, 17);
    expect(await mergedOf(reader)).toMatchObject({ page: 17 });
    expect(await placesOf(reader, PHONE)).toEqual([
      expect.objectContaining({ deviceName: 'KOReader · Kobo_frost', app: 'koreader', page: 17, isThisDevice: false }),
      expect.objectContaining({ deviceName: 'Firefox on Android', page: 2, isThisDevice: true }),
    ]);
    const progressionUrl = `/opds/v2/chapters/${chapter.id}/progression`;
    const stored = await t.app.inject({ method: 'GET', url: progressionUrl, headers: { authorization: basic(reader) } });
    expect(stored.json().device).toEqual({ id: 'urn:inkwell:device:koreader:A1B2C3D4E5', name: 'KOReader · Kobo_frost' });

    t.clock.advance(60_000);
    const thorium = { id: 'urn:uuid:5b9d8f3a-1c1d-4a52-9d1e-000000000001', name: 'Thorium' };
    const put = await t.app.inject({
      method: 'PUT',
      url: progressionUrl,
      headers: { 'content-type': 'application/opds-progression+json', authorization: basic(reader) },
      payload: { modified: t.clock.now().toISOString(), device: thorium, progression: 0.5 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ device: thorium, progression: 10 / 20 });
    // An older progression from another app keeps that app's place, and leaves the merged one (and its device).
    const older = await t.app.inject({
      method: 'PUT',
      url: progressionUrl,
      headers: { 'content-type': 'application/opds-progression+json', authorization: basic(reader) },
      payload: {
        modified: new Date(t.clock.now().getTime() - 600_000).toISOString(),
        device: { id: 'urn:uuid:old-phone', name: 'Old phone' },
        progression: 0.1,
      },
    });
    expect(older.json()).toMatchObject({ device: thorium, progression: 10 / 20 });
    expect(await mergedOf(reader)).toMatchObject({ page: 11 });

    // Page streaming by a key: the key names the device; lastRead stays the merged place.
    t.clock.advance(60_000);
    const page = await t.app.inject({
      method: 'GET',
      url: `/opds/v1.2/chapters/${chapter.id}/pages/13`,
      headers: { authorization: basic(reader) },
    });
    expect(page.statusCode).toBe(200);
    expect(await mergedOf(reader)).toMatchObject({ page: 14 });
    const places = await placesOf(reader);
    expect(places.map((place) => [place.app, place.deviceName, place.page])).toEqual([
      ['opds', `Kobo of ${reader.username}`, 14],
      ['opds2', 'Thorium', 11],
      ['koreader', 'KOReader · Kobo_frost', 17],
      ['web', 'Firefox on Android', 2],
      ['opds2', 'Old phone', 3],
    ]);
  });

  it("answers only the reader's own places, and refuses a malformed device id without saving", async () => {
    const reader = await readerWithKey();
    const other = await readerWithKey();
    await saveFrom(reader, FIREFOX_ANDROID, { page: 4, deviceId: PHONE });
    expect(await placesOf(other, PHONE)).toEqual([]);
    expect((await callEndpoint(t, 'chapterPlaces', { params: { chapterId: chapter.id } })).status).toBe(401);
    const bad = await callEndpoint(t, 'chapterPlaces', {
      cookie: reader.cookie,
      params: { chapterId: chapter.id },
      query: '?deviceId=a%20b',
    });
    expect(bad.status).toBe(400);

    for (const deviceId of ['short', 'has spaces in it', 'x'.repeat(65), 12345678]) {
      const answer = await saveFrom(reader, FIREFOX_ANDROID, { page: 8, deviceId });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
    }
    expect(await mergedOf(reader)).toMatchObject({ page: 4 });
    expect((await placesOf(reader)).map((place) => place.page)).toEqual([4]);
  });

  it('are in the reader’s export and gone when they delete their account', async () => {
    const reader = await readerWithKey();
    await saveFrom(reader, FIREFOX_ANDROID, { page: 6, deviceId: PHONE });
    await koreaderPage(reader, 12, `Libra of ${reader.username}`, `id-${reader.username}`);
    const exported = accountExportSchema.parse((await callEndpoint(t, 'accountExport', { cookie: reader.cookie })).body);
    expect(exported.readingPlaces).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ chapterId: chapter.id, deviceName: 'Firefox on Android', app: 'web', page: 6 }),
        expect.objectContaining({ deviceName: `KOReader · Libra of ${reader.username}`, app: 'koreader', page: 12 }),
      ]),
    );

    const deleted = await callEndpoint(t, 'accountDelete', { cookie: reader.cookie, body: { password: reader.password } });
    expect(deleted.status).toBe(200);
    await t.app.services.jobs.drain();
    const left = await t.executeSql('select count(*)::int as n from reading_places where user_id = $1', [reader.id]);
    expect(left.rows).toEqual([{ n: 0 }]);
  });
});
