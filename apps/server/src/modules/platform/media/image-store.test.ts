import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { png } from '../../../../test/fixtures';
import sharp from 'sharp';
import { avifKeyOf, createAvifWorker, createImageStore, createSaverVariants, SAVER_MAX_WIDTH, saverKeyOf } from './image-store';
import { createDiskStorage, type MediaStorage } from './storage';

const logger = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
let dir: string;
let storage: MediaStorage;
const sent: { key: string }[] = [];
const jobs = { send: async (_name: string, data: object) => void sent.push(data as { key: string }) };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'inkwell-images-'));
  storage = createDiskStorage(dir);
  sent.length = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function storedCover(store: MediaStorage) {
  const images = createImageStore(store, jobs as never, { avif: true });
  const [image] = await images.processAndStore('covers/c1', await png(400, 600), { maxWidth: 600 }, 'The cover');
  return { images, key: image!.key };
}

describe('AVIF variants never outlive their image (issue 7 §4.3)', () => {
  it('queue a job holding the key, not the bytes', async () => {
    const { key } = await storedCover(storage);
    expect(sent).toEqual([{ key }]);
  });

  it('are not made for an image deleted before the job ran', async () => {
    const { images, key } = await storedCover(storage);
    await images.forget([key]);
    await createAvifWorker(storage, logger)({ key });
    expect(await storage.get(avifKeyOf(key))).toBeNull();
  });

  it('are removed when the image is deleted while they encode', async () => {
    const { key } = await storedCover(storage);
    // The image is replaced (and deleted) just as the job writes its variant.
    const racing: MediaStorage = {
      ...storage,
      async put(putKey, body, type) {
        if (putKey === avifKeyOf(key)) await storage.delete(key);
        await storage.put(putKey, body, type);
      },
    };
    await createAvifWorker(racing, logger)({ key });
    expect(await storage.get(key)).toBeNull();
    expect(await storage.get(avifKeyOf(key))).toBeNull();
  });

  it('are deleted with their image', async () => {
    const { images, key } = await storedCover(storage);
    await createAvifWorker(storage, logger)({ key });
    await images.forget([key]);
    expect(await storage.get(avifKeyOf(key))).toBeNull();
  });
});

async function bytesOf(object: { body: NodeJS.ReadableStream } | null): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of object!.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('data-saver pages (issue 11 §2)', () => {
  async function storedPage() {
    const images = createImageStore(storage, jobs as never, { avif: false });
    const [image] = await images.processAndStore('pages/ch1', await png(1200, 1800), { maxWidth: 1200 }, 'The page');
    return { images, key: image!.key };
  }

  it('are made on first request at most 720 px wide and lighter, then kept', async () => {
    const { key } = await storedPage();
    const savers = createSaverVariants(storage);
    const [first, second] = await Promise.all([savers.get(key), savers.get(key)]);
    const bytes = await bytesOf(first);
    await bytesOf(second);
    const { width, height, format } = await sharp(bytes).metadata();
    expect({ width, height, format }).toEqual({ width: SAVER_MAX_WIDTH, height: 1080, format: 'webp' });
    expect(bytes.length).toBeLessThan((await bytesOf(await storage.get(key))).length);
    const kept = await storage.get(saverKeyOf(key));
    expect(kept).not.toBeNull();
    await bytesOf(kept);
  });

  it('are not made for a page that is gone, and are deleted with their page', async () => {
    const { images, key } = await storedPage();
    const savers = createSaverVariants(storage);
    await bytesOf(await savers.get(key));
    await images.forget([key]);
    expect(await storage.get(saverKeyOf(key))).toBeNull();
    expect(await savers.get(key)).toBeNull();
    expect(await storage.get(saverKeyOf(key))).toBeNull();
  });
});
