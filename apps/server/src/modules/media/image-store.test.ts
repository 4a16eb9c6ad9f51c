import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { png } from '../../../test/fixtures';
import { avifKeyOf, createAvifWorker, createImageStore } from './image-store';
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
