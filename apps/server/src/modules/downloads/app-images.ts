import sharp from 'sharp';

/** The widest page an app is sent. */
export const APP_IMAGE_MAX_WIDTH = 4000;

/**
 * A page as reading apps take it: JPEG, or PNG when it has transparency (OPDS page streaming and
 * most CBZ readers know nothing of WebP or AVIF), no wider than `maxWidth`.
 */
export async function appImage(bytes: Buffer, maxWidth = APP_IMAGE_MAX_WIDTH, { jpegOnly = false } = {}) {
  const image = sharp(bytes);
  const hasAlpha = !jpegOnly && (await image.metadata()).hasAlpha;
  // A manifest says each page's type before it is fetched: there, transparency goes onto white.
  if (jpegOnly) image.flatten({ background: '#ffffff' });
  image.resize({ width: Math.min(maxWidth, APP_IMAGE_MAX_WIDTH), withoutEnlargement: true });
  return hasAlpha
    ? { body: await image.png().toBuffer(), type: 'image/png' as const, extension: 'png' as const }
    : {
        body: await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
        type: 'image/jpeg' as const,
        extension: 'jpg' as const,
      };
}
