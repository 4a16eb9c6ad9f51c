import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '../../../../test/fake-s3';
import { createTestApp, type TestContext } from '../../../../test/helpers';
import { appImagesPrefix, chapterFileKey, PUBLIC_PREFIXES } from './media-keys';
import type { MediaStorage } from './storage';

/**
 * What /media serves to anyone, without a signature (decision 0004). Making a prefix public is a
 * decision about who may read what is stored there: it is written here as well as in media-keys.ts.
 */
// Avatars (issue 36 §1): shown beside their reader's comments and gifts, to anyone who reads them.
const SERVED_TO_ANYONE = ['announcements/', 'avatars/', 'banners/', 'covers/'];

let s3: Awaited<ReturnType<typeof startFakeS3>>;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3?.close();
});

describe.each([
  ['disk', () => undefined],
  ['s3', () => s3.storage],
])('/media on the %s driver (issue 32 §2)', (_driver, storageOf: () => MediaStorage | undefined) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ storage: storageOf() });
  });
  afterAll(async () => {
    await t?.close();
  });

  const chapterId = randomUUID();
  const page = `pages/${chapterId}/${randomUUID()}.webp`;
  /** Every kind of key a chapter has, and keys under prefixes no one named public. */
  const privateKeys = [
    page,
    `${appImagesPrefix(page)}w800.jpg`,
    chapterFileKey(chapterId, 'cbz', 'v1'),
    chapterFileKey(chapterId, 'epub', 'v1'),
    // Where files and app page copies were kept before: public then.
    `downloads/${chapterId}/v1.cbz`,
    `app-images/pages/${chapterId}/page/w800.jpg`,
    `exports/${randomUUID()}.csv`,
    'loose.webp',
  ];
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const putAll = (keys: string[]) =>
    Promise.all(keys.map((key) => t.app.services.storage.put(key, Buffer.from(`bytes of ${key}`), 'image/webp')));

  it('serves the listed public prefixes to anyone, and no other prefix', async () => {
    expect([...PUBLIC_PREFIXES].sort()).toEqual(SERVED_TO_ANYONE);
    const publicKeys = SERVED_TO_ANYONE.map((prefix) => `${prefix}${randomUUID()}/${randomUUID()}.webp`);
    await putAll([...publicKeys, ...privateKeys]);

    for (const key of publicKeys) {
      const served = await get(`/media/${key}`);
      expect(served.statusCode, key).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    for (const key of privateKeys) {
      const refused = await get(`/media/${key}`);
      expect([403, 404], key).toContain(refused.statusCode);
      expect(refused.body).not.toContain(`bytes of ${key}`);
      expect(refused.headers['cache-control'] ?? '').not.toContain('public');
    }
  });

  it("serves a chapter's page by its signed URL, privately, and nothing else of the chapter by that signature", async () => {
    await putAll(privateKeys);
    const signed = t.app.services.signer.sign(`/media/${page}`, t.clock.now());
    const served = await get(signed);
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe(`bytes of ${page}`);
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

    const signature = signed.slice(signed.indexOf('?'));
    for (const key of privateKeys.filter((key) => key !== page)) {
      const refused = await get(`/media/${key}${signature}`);
      expect([403, 404], key).toContain(refused.statusCode);
      expect(refused.body).not.toContain(`bytes of ${key}`);
    }
  });
});
