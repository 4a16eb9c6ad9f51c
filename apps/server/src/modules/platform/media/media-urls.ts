import type { Image } from '@inkwell/contract';

/** Where a stored image is served from (media.routes.ts answers /media/*). */
export const mediaUrl = (key: string) => `/media/${key}`;

/** An image as the contract sends it: its URL and size, or null while it has none. */
export function toImage(key: string | null, width: number | null, height: number | null): Image | null {
  return key && width && height ? { url: mediaUrl(key), width, height } : null;
}
