import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AvifQueue } from '../media/avif-queue';
import type { ProcessedImage } from '../media/images';
import type { UrlSigner } from '../media/signed-urls';
import type { MediaStorage } from '../media/storage';

/** What the team's catalogue services need. */
export interface TeamDeps {
  db: Database;
  clock: Clock;
  storage: MediaStorage;
  signer: UrlSigner;
  avif: AvifQueue;
  /** Clears the public caches after a change. */
  onChange: () => void;
}

export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug || 'series';
}

export const chapterSlugFor = (number: number) => `chapter-${String(number).replace('.', '-')}`;

const isUniqueViolation = (error: unknown) => {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
};

/** The error to throw for a failed write: a 409 on `field` when it broke a unique index, else the error itself. */
export function conflictOnDuplicate(error: unknown, field: string, message: string): unknown {
  return isUniqueViolation(error) ? new AppError('conflict', message, { fields: { [field]: message } }) : error;
}

/** Stores re-encoded images under a prefix (queuing their AVIF twins) and forgets old ones, AVIF included. */
export function createImageStore(storage: MediaStorage, avif: AvifQueue) {
  async function store(prefix: string, images: ProcessedImage[]): Promise<string[]> {
    const keys: string[] = [];
    for (const image of images) {
      const key = `${prefix}/${randomUUID()}.webp`;
      await storage.put(key, image.data, 'image/webp');
      avif.enqueue(key, image.data);
      keys.push(key);
    }
    return keys;
  }
  const forget = (keys: (string | null | undefined)[]) =>
    Promise.allSettled(
      keys
        .filter((key): key is string => Boolean(key))
        .flatMap((key) => [storage.delete(key), storage.delete(key.replace(/\.webp$/, '.avif'))]),
    );

  return { store, forget };
}
export type ImageStore = ReturnType<typeof createImageStore>;
