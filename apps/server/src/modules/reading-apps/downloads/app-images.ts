import sharp from 'sharp';
import { appImagesPrefix, type MediaStorage } from '../../platform/media';

/** The widest page an app is sent. */
const APP_IMAGE_MAX_WIDTH = 4000;

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

/** Widths are kept in steps, so the apps' many sizes share a few stored copies. */
const WIDTH_STEP = 100;

/**
 * A page as `appImage` makes it, kept in media storage beside its source, under its chapter's
 * private prefix (`pages/<chapter>/app-images/<page>/w<width>.jpg|png`, never served by /media), so
 * each page and width is converted once: OPDS apps fetch the same pages for every reader, each
 * request checking that reader's access. The width asked for is rounded down to a step (never
 * wider than asked, nor than the page).
 */
export async function storedAppImage(
  storage: MediaStorage,
  page: { imageKey: string; width: number },
  maxWidth: number | undefined,
  { jpegOnly = false } = {},
) {
  const wanted = Math.min(maxWidth ?? APP_IMAGE_MAX_WIDTH, APP_IMAGE_MAX_WIDTH);
  const width = wanted >= page.width ? page.width : wanted < WIDTH_STEP ? wanted : Math.floor(wanted / WIDTH_STEP) * WIDTH_STEP;
  const base = `${appImagesPrefix(page.imageKey)}w${width}`;
  for (const extension of jpegOnly ? (['jpg'] as const) : (['jpg', 'png'] as const)) {
    const kept = await storage.get(`${base}.${extension}`);
    if (kept) {
      const body = Buffer.concat((await kept.body.toArray()) as Buffer[]);
      return { body, type: extension === 'png' ? ('image/png' as const) : ('image/jpeg' as const), extension };
    }
  }
  const source = await storage.get(page.imageKey);
  if (!source) return null;
  const made = await appImage(Buffer.concat((await source.body.toArray()) as Buffer[]), width, { jpegOnly });
  await storage.put(`${base}.${made.extension}`, made.body, made.type);
  return made;
}
