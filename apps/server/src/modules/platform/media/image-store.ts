import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../jobs';
import { BANNER_WIDTHS, processImage, type ImageOptions } from './images';
import { appImagesPrefix } from './media-keys';
import type { MediaStorage } from './storage';

/** The AVIF twin of a WebP key. */
export const avifKeyOf = (key: string) => key.replace(/\.webp$/, '.avif');

/** The data-saver twin of a chapter page (issue 11 §2): smaller and lighter, made on first request. */
export const saverKeyOf = (key: string) => key.replace(/\.webp$/, '.saver.webp');
/** Data-saver pages are at most this wide (phones), at a lower quality. */
export const SAVER_MAX_WIDTH = 720;
const SAVER_QUALITY = 50;

/** A public image's copy at one of the narrower widths its prefix has (`widthsOf`). */
const widthKeyOf = (key: string, width: number) => key.replace(/\.webp$/, `.w${width}.webp`);
const WIDTH_QUALITY = 80;

/**
 * The narrower widths a stored image has copies at: a banner's (issue 40), never a copy's own. A
 * cover is drawn at most 600 px wide and a page is the reader's to size, so neither has any.
 */
export function widthsOf(key: string): readonly number[] {
  const isOriginal = key.endsWith('.webp') && !/\.(?:w\d+|saver)\.webp$/.test(key);
  return isOriginal && key.startsWith('banners/') ? BANNER_WIDTHS : [];
}

/** AVIF is kept only when it saves at least this share of the WebP's bytes. */
const AVIF_MIN_SAVING = 0.1;

export interface StoredImage {
  key: string;
  width: number;
  height: number;
}

/**
 * Stores re-encoded images under a prefix and forgets old ones with all their variants. AVIF costs
 * seconds per image, so each stored WebP gets a `media.avif` job that holds its key (not its bytes).
 */
export function createImageStore(storage: MediaStorage, jobs: Pick<Jobs, 'send'>, options: { avif: boolean }) {
  async function store(prefix: string, image: { data: Buffer; width: number; height: number }): Promise<StoredImage> {
    const key = `${prefix}/${randomUUID()}.webp`;
    await storage.put(key, image.data, 'image/webp');
    if (options.avif) await jobs.send('media.avif', { key });
    return { key, width: image.width, height: image.height };
  }

  /** Deletes each image and every variant of it. */
  async function forget(keys: (string | null | undefined)[]) {
    await Promise.allSettled(
      keys
        .filter((key): key is string => Boolean(key))
        .flatMap((key) => [
          storage.delete(key),
          storage.delete(avifKeyOf(key)),
          storage.delete(saverKeyOf(key)),
          ...widthsOf(key).map((width) => storage.delete(widthKeyOf(key, width))),
          // The copies made for reading apps (downloads/app-images.ts), at whatever widths they were asked.
          storage.deletePrefix(appImagesPrefix(key)),
        ]),
    );
  }

  return {
    store,
    forget,
    /**
     * Checks, re-encodes and stores one upload (several slices for a very tall strip). Uploads go
     * through here one at a time, so a batch never holds more than one decoded image in memory.
     * When a later step fails, the caller forgets what was stored.
     */
    async processAndStore(prefix: string, bytes: Buffer, imageOptions: ImageOptions, subject: string): Promise<StoredImage[]> {
      const stored: StoredImage[] = [];
      try {
        for (const image of await processImage(bytes, imageOptions, subject)) stored.push(await store(prefix, image));
      } catch (error) {
        await forget(stored.map((image) => image.key));
        throw error;
      }
      return stored;
    },
  };
}
export type ImageStore = ReturnType<typeof createImageStore>;

/**
 * The `media.avif` job: encodes the AVIF twin of a stored WebP. It does nothing when the WebP is
 * gone, and if the WebP is deleted while it encodes, it removes what it wrote, so a deleted image
 * never comes back as a variant (issue 7 §4.3).
 */
export function createAvifWorker(storage: MediaStorage, logger: FastifyBaseLogger) {
  return async ({ key }: { key: string }) => {
    const source = await storage.get(key);
    if (!source) return;
    const chunks: Buffer[] = [];
    for await (const chunk of source.body) chunks.push(chunk as Buffer);
    const webp = Buffer.concat(chunks);
    const avif = await sharp(webp).avif({ quality: 55, effort: 2 }).toBuffer();
    if (avif.length > webp.length * (1 - AVIF_MIN_SAVING)) return;
    if (!(await exists(storage, key))) return;
    await storage.put(avifKeyOf(key), avif, 'image/avif');
    if (!(await exists(storage, key))) {
      await storage.delete(avifKeyOf(key));
      logger.info({ key }, 'the image was deleted while its AVIF was encoded; the AVIF is removed');
    }
  };
}

async function exists(storage: MediaStorage, key: string): Promise<boolean> {
  const object = await storage.get(key);
  object?.body.destroy();
  return object !== null;
}

/** A narrower copy of an image, at most `width` wide, stored at `key`. */
interface ResizedCopy {
  key: string;
  width: number;
  quality: number;
}

/**
 * Copies of stored images made the first time someone asks for them and kept beside the image (so
 * they work for images stored before they existed, and cost nothing for images nobody asks that
 * way). Concurrent first requests on one instance share one encoding; across instances the same
 * bytes are written twice, which is harmless. Like the AVIF twin, a copy never outlives its image.
 */
function createResizedCopies(storage: MediaStorage) {
  const making = new Map<string, Promise<boolean>>();
  async function make(key: string, copy: ResizedCopy): Promise<boolean> {
    const source = await storage.get(key);
    if (!source) return false;
    const chunks: Buffer[] = [];
    for await (const chunk of source.body) chunks.push(chunk as Buffer);
    const resized = await sharp(Buffer.concat(chunks))
      .resize({ width: copy.width, withoutEnlargement: true })
      .webp({ quality: copy.quality })
      .toBuffer();
    await storage.put(copy.key, resized, 'image/webp');
    if (!(await exists(storage, key))) {
      await storage.delete(copy.key);
      return false;
    }
    return true;
  }
  /** The copy of a stored image, made if need be; null when the image itself is gone. */
  return async (key: string, copy: ResizedCopy) => {
    const ready = await storage.get(copy.key);
    if (ready) return ready;
    let pending = making.get(copy.key);
    if (!pending) {
      pending = make(key, copy).finally(() => making.delete(copy.key));
      making.set(copy.key, pending);
    }
    return (await pending) ? storage.get(copy.key) : null;
  };
}

/** The data-saver variant of a page (issue 11 §2), made on first request and kept beside it. */
export function createSaverVariants(storage: MediaStorage) {
  const copy = createResizedCopies(storage);
  return {
    /** The saver variant of a stored page, made if need be; null when the page itself is gone. */
    get: (key: string) => copy(key, { key: saverKeyOf(key), width: SAVER_MAX_WIDTH, quality: SAVER_QUALITY }),
  };
}

/**
 * A public image's narrower copies (issue 40: a banner at 640, 960 and 1280 px), asked for as
 * `/media/<key>?w=<width>` from an `<img srcset>`, made on first request and kept beside it.
 */
export function createWidthVariants(storage: MediaStorage) {
  const copy = createResizedCopies(storage);
  return {
    /** The copy at `width`, made if need be; null when the image is gone or has no copy at that width. */
    async get(key: string, width: number) {
      if (!widthsOf(key).includes(width)) return null;
      return copy(key, { key: widthKeyOf(key, width), width, quality: WIDTH_QUALITY });
    },
  };
}
