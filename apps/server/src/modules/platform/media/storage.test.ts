import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png } from '../../../../test/fixtures';
import { startFakeS3 } from '../../../../test/fake-s3';
import { buildUser } from '../../../../test/factories';
import { createTestApp, loginAs, TEST_ORIGIN } from '../../../../test/helpers';
import { removeRetiredCopies } from './media-keys';
import { createDiskStorage, type MediaStorage } from './storage';

async function read(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

let s3: Awaited<ReturnType<typeof startFakeS3>>;
let diskDir: string;
let s3Storage: MediaStorage;

beforeAll(async () => {
  diskDir = mkdtempSync(join(tmpdir(), 'inkwell-disk-'));
  s3 = await startFakeS3();
  s3Storage = s3.storage;
});
afterAll(async () => {
  await s3?.close();
  rmSync(diskDir, { recursive: true, force: true });
});

describe.each([
  ['disk', () => createDiskStorage(diskDir)],
  ['s3', () => s3Storage],
])('%s media storage', (_name, storageOf) => {
  it('puts, gets, deletes and deletes by prefix', async () => {
    const storage = storageOf();
    await storage.put('pages/c1/a.webp', Buffer.from('page a'), 'image/webp');
    await storage.put('pages/c1/b.webp', Buffer.from('page b'), 'image/webp');
    await storage.put('covers/s1/x.webp', Buffer.from('cover'), 'image/webp');
    const object = await storage.get('pages/c1/a.webp');
    expect(object).toMatchObject({ size: 6, contentType: 'image/webp' });
    expect(await read(object!.body)).toBe('page a');
    await storage.deletePrefix('pages/c1');
    expect(await storage.get('pages/c1/b.webp')).toBeNull();
    expect(await storage.get('covers/s1/x.webp')).not.toBeNull();
    await storage.delete('covers/s1/x.webp');
    expect(await storage.get('covers/s1/x.webp')).toBeNull();
  });

  it('drops the chapter copies once kept under public keys, and nothing else', async () => {
    const storage = storageOf();
    await storage.put('downloads/c2/v1.cbz', Buffer.from('file'), 'application/vnd.comicbook+zip');
    await storage.put('app-images/pages/c2/p/w800.jpg', Buffer.from('copy'), 'image/jpeg');
    await storage.put('pages/c2/files/v1.cbz', Buffer.from('file'), 'application/vnd.comicbook+zip');
    await storage.put('covers/s2/x.webp', Buffer.from('cover'), 'image/webp');
    await removeRetiredCopies(storage);
    expect(await storage.get('downloads/c2/v1.cbz')).toBeNull();
    expect(await storage.get('app-images/pages/c2/p/w800.jpg')).toBeNull();
    expect(await storage.get('pages/c2/files/v1.cbz')).not.toBeNull();
    expect(await storage.get('covers/s2/x.webp')).not.toBeNull();
  });

  it('refuses keys that climb out of the store', async () => {
    const storage = storageOf();
    expect(await storage.get('../secret')).toBeNull();
    expect(await storage.get('covers/../../etc/passwd')).toBeNull();
    await expect(storage.put('../x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
  });
});

describe('the app on the S3 driver', () => {
  it('stores an uploaded cover in the bucket and serves it from /media', async () => {
    const t = await createTestApp({ storage: s3Storage });
    try {
      const cookie = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/omegascans/secure/team/series',
        headers: { origin: TEST_ORIGIN, cookie },
        payload: { type: 'comic', title: 'Bucket Story' },
      });
      const body = multipart([{ field: 'file', name: 'c.png', data: await png(120, 180) }]);
      const uploaded = await t.app.inject({
        method: 'PUT',
        url: `/api/omegascans/secure/team/series/${created.json().data.id}/cover`,
        headers: { origin: TEST_ORIGIN, cookie, ...body.headers },
        payload: body.payload,
      });
      const { url } = uploaded.json().data.cover;
      expect(await s3Storage.get(url.replace('/media/', ''))).not.toBeNull();
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    } finally {
      await t.close();
    }
  });
});

describe('AVIF twins', () => {
  it('are encoded after the upload and served to browsers that accept AVIF', async () => {
    const t = await createTestApp({ env: { MEDIA_AVIF: '1' } });
    try {
      const cookie = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/omegascans/secure/team/series',
        headers: { origin: TEST_ORIGIN, cookie },
        payload: { type: 'comic', title: 'Avif Story' },
      });
      // A photo-like gradient, where AVIF pays.
      const sharp = (await import('sharp')).default;
      const noise = Buffer.alloc(300 * 400 * 3);
      for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7 + (i >> 5)) % 256;
      const photo = await sharp(noise, { raw: { width: 300, height: 400, channels: 3 } })
        .png()
        .toBuffer();
      const body = multipart([{ field: 'file', name: 'c.png', data: photo }]);
      const uploaded = await t.app.inject({
        method: 'PUT',
        url: `/api/omegascans/secure/team/series/${created.json().data.id}/cover`,
        headers: { origin: TEST_ORIGIN, cookie, ...body.headers },
        payload: body.payload,
      });
      const { url } = uploaded.json().data.cover;
      await t.app.services.jobs.drain();
      const plain = await t.app.inject({ method: 'GET', url, headers: { accept: 'image/webp,*/*' } });
      expect(plain.headers['content-type']).toBe('image/webp');
      const avif = await t.app.inject({ method: 'GET', url, headers: { accept: 'image/avif,image/webp,*/*' } });
      expect(avif.headers.vary).toBe('Accept');
      expect(['image/avif', 'image/webp']).toContain(avif.headers['content-type']);
      if (avif.headers['content-type'] === 'image/avif') expect(avif.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    } finally {
      await t.close();
    }
  });
});
