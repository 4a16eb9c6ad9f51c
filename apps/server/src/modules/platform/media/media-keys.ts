import type { MediaStorage } from './storage';

/*
 * What media storage holds, by key prefix (decision 0004). A key under a public prefix is served
 * to anyone at /media/<key>; a chapter's prefix holds its pages and every copy made of them (the
 * reading apps' page copies, the built CBZ and EPUB files), and /media serves a page of it only by
 * a signed URL; any other key is served to no one. A new prefix is therefore private until it is
 * named here, and media.routes.test.ts lists what may be public.
 */

/** Served to anyone, cached for a year: a new upload gets a new key. */
export const PUBLIC_PREFIXES = ['covers/', 'banners/', 'announcements/', 'avatars/'] as const;

/** Every chapter's own files: `pages/<chapter id>/…`. */
export const PRIVATE_PREFIX = 'pages/';

export const isPublicKey = (key: string) => PUBLIC_PREFIXES.some((prefix) => key.startsWith(prefix));

/** Everything stored for one chapter: deleting this prefix deletes every byte of it. */
export const chapterPrefix = (chapterId: string) => `${PRIVATE_PREFIX}${chapterId}/`;

/**
 * Where the copies of one stored page made for reading apps are kept, at every width
 * (downloads/app-images.ts): beside the page, under its chapter's prefix.
 */
export function appImagesPrefix(imageKey: string): string {
  const slash = imageKey.lastIndexOf('/') + 1;
  return `${imageKey.slice(0, slash)}app-images/${imageKey.slice(slash).replace(/\.[a-z0-9]+$/i, '')}/`;
}

/** Where a chapter's built file (CBZ or EPUB) of one version is kept. */
export const chapterFileKey = (chapterId: string, format: string, version: string) =>
  `${chapterPrefix(chapterId)}files/${version}.${format}`;

/**
 * Where built files and app page copies were kept before they moved under their chapter: public
 * then, never served now. They are a cache, rebuilt on demand, so they are simply removed.
 */
const RETIRED_PREFIXES = ['downloads/', 'app-images/'] as const;

export async function removeRetiredCopies(storage: MediaStorage): Promise<void> {
  for (const prefix of RETIRED_PREFIXES) await storage.deletePrefix(prefix);
}
