import { widthsOf } from './image-store';
import type { Image } from '@inkwell/contract';

/** Where a stored image is served from (media.routes.ts answers /media/*). */
export const mediaUrl = (key: string) => `/media/${key}`;

/** An image as the contract sends it: its URL and size, or null while it has none. */
export function toImage(key: string | null, width: number | null, height: number | null): Image | null {
  return key && width && height ? { url: mediaUrl(key), width, height } : null;
}

/**
 * An image's `srcset` (issue 40): its narrower copies (`/media/<key>?w=`, made on first request)
 * and the image itself at its own width; undefined when it has no narrower copy.
 */
export function srcSetOf(key: string, width: number): string | undefined {
  const narrower = widthsOf(key).filter((candidate) => candidate < width);
  if (narrower.length === 0) return undefined;
  return [...narrower.map((candidate) => `${mediaUrl(key)}?w=${candidate} ${candidate}w`), `${mediaUrl(key)} ${width}w`].join(
    ', ',
  );
}
