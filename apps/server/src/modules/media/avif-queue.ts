import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaStorage } from './storage';

/** The AVIF twin of a WebP key. */
export const avifKeyOf = (key: string) => key.replace(/\.webp$/, '.avif');

/** AVIF is kept only when it saves at least this share of the WebP's bytes. */
const AVIF_MIN_SAVING = 0.1;

/**
 * AVIF costs seconds per image, so it is encoded here, one at a time, after the upload has been
 * answered. /media serves the AVIF to browsers that accept it once it exists, the WebP until then.
 */
export function createAvifQueue(storage: MediaStorage, logger: FastifyBaseLogger, enabled: boolean) {
  let tail: Promise<void> = Promise.resolve();
  let pending = 0;
  return {
    enqueue(key: string, webp: Buffer) {
      if (!enabled) return;
      pending += 1;
      tail = tail
        .then(async () => {
          const avif = await sharp(webp).avif({ quality: 55, effort: 2 }).toBuffer();
          if (avif.length <= webp.length * (1 - AVIF_MIN_SAVING)) await storage.put(avifKeyOf(key), avif, 'image/avif');
        })
        .catch((error: unknown) => logger.warn({ err: error, key }, 'AVIF encoding failed; the WebP is served'))
        .finally(() => {
          pending -= 1;
        });
    },
    get pending() {
      return pending;
    },
    /** Resolves once everything queued so far is done (tests, shutdown). */
    idle: () => tail,
  };
}
export type AvifQueue = ReturnType<typeof createAvifQueue>;
