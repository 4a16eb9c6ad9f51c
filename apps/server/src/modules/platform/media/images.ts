import sharp, { type Metadata } from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from '@inkwell/contract';
import { AppError } from '../../../lib/app-error';

// libvips' operation cache keeps decoded images around after a request; uploads are one-offs.
sharp.cache(false);

export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

/** The type an upload really is, read from its first bytes; whatever its name or header claims. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (bytes.toString('latin1', 0, 4) === 'GIF8') return 'gif';
  if (bytes.toString('latin1', 4, 8) === 'ftyp') {
    const brand = bytes.toString('latin1', 8, 12);
    if (brand === 'avif' || brand === 'avis') return 'avif';
  }
  return null;
}

/** sharp's names for what the sniffed bytes should decode as. */
const SHARP_FORMATS: Record<ImageType, string[]> = {
  jpeg: ['jpeg'],
  png: ['png'],
  webp: ['webp'],
  gif: ['gif'],
  avif: ['heif', 'avif'],
};

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
}

export interface ImageOptions {
  /** Wider images are scaled down to this width. */
  maxWidth: number;
  /** Comic pages: strips taller than this are cut into slices a browser decodes comfortably. */
  sliceAbove?: number;
  sliceHeight?: number;
  quality?: number;
}

/** Webtoon strips: cut when taller than this, into slices of about this height. */
export const PAGE_SLICE_ABOVE = 6000;
const PAGE_SLICE_HEIGHT = 3000;

/**
 * The checks every upload passes before a single pixel is decoded: its bytes (at most `maxBytes`),
 * its type read from those bytes, a header sharp can read and that matches the type, and its
 * pixels. Answers the header (width and height as stored, before any EXIF rotation).
 */
export async function readImageHeader(
  bytes: Buffer,
  subject = 'image',
  maxBytes = IMAGE_MAX_BYTES,
): Promise<Metadata & { width: number; height: number }> {
  if (bytes.length > maxBytes) {
    throw new AppError('payload_too_large', 'apiErrors.platform.imageTooLarge', {
      values: { subject, megabytes: maxBytes / 1024 / 1024 },
    });
  }
  const type = sniffImageType(bytes);
  if (!type) {
    throw new AppError('unsupported_media_type', 'apiErrors.platform.notAnImage', { values: { subject } });
  }
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata(); // the header only
  } catch {
    throw new AppError('validation_failed', 'apiErrors.platform.imageUnreadable', { values: { subject } });
  }
  if (!SHARP_FORMATS[type].includes(meta.format) || !meta.width || !meta.height) {
    throw new AppError('validation_failed', 'apiErrors.platform.imageUnreadable', { values: { subject } });
  }
  // The header's size, checked before a single pixel is decoded: a small file can claim a huge image.
  const pixels = meta.width * (meta.pageHeight ?? meta.height);
  if (pixels > IMAGE_MAX_PIXELS) {
    throw new AppError('payload_too_large', 'apiErrors.platform.tooManyPixels', {
      values: { subject, megapixels: Math.round(pixels / 1e6), limit: IMAGE_MAX_PIXELS / 1e6 },
    });
  }
  return { ...meta, width: meta.width, height: meta.height };
}

/**
 * Checks an upload by its bytes, caps it in bytes and pixels, and re-encodes it to WebP (which
 * drops EXIF and every other piece of metadata). Returns one image, or several slices of a very
 * tall strip, each with its size. `subject` names it in the messages: 'cover', 'banner', 'image',
 * or a page's file name.
 */
export async function processImage(bytes: Buffer, options: ImageOptions, subject = 'image'): Promise<ProcessedImage[]> {
  await readImageHeader(bytes, subject);

  try {
    // Only the first frame of an animated image; orientation applied, then the metadata is gone.
    const decoded = await sharp(bytes, {
      limitInputPixels: IMAGE_MAX_PIXELS,
      failOn: 'error',
      animated: false,
    })
      .rotate()
      .resize({ width: options.maxWidth, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = decoded.info;
    const encode = (top: number, sliceHeight: number) =>
      sharp(decoded.data, { raw: { width, height, channels } })
        .extract({ left: 0, top, width, height: sliceHeight })
        .webp({ quality: options.quality ?? 80, effort: 4 })
        .toBuffer()
        .then((data) => ({ data, width, height: sliceHeight }));

    if (!options.sliceAbove || height <= options.sliceAbove) return [await encode(0, height)];
    const count = Math.ceil(height / (options.sliceHeight ?? PAGE_SLICE_HEIGHT));
    const each = Math.ceil(height / count);
    const slices: ProcessedImage[] = [];
    for (let top = 0; top < height; top += each) slices.push(await encode(top, Math.min(each, height - top)));
    return slices;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('validation_failed', 'apiErrors.platform.imageUnreadable', { values: { subject } });
  }
}

/** Covers, banners and pages: the widths they are stored at. */
export const COVER_MAX_WIDTH = 600;
export const BANNER_MAX_WIDTH = 1600;
/**
 * A banner's narrower copies (issue 40): a phone downloads one near its screen's width rather
 * than the 1600 px original. Made on first request and kept beside it (image-store.ts).
 */
export const BANNER_WIDTHS = [640, 960, 1280] as const;
export const PAGE_MAX_WIDTH = 1200;

/**
 * Avatars (issue 36 §1): an upload that passed `readImageHeader`, its first frame turned upright,
 * cut to a centred square and encoded to WebP at each of `sides` (which drops EXIF and every other
 * piece of metadata). A damaged image is `imageUnreadable`.
 */
export async function encodeSquares(
  bytes: Buffer,
  sides: readonly number[],
  subject = 'image',
  quality = 82,
): Promise<ProcessedImage[]> {
  try {
    const upright = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = upright.info;
    const squares: ProcessedImage[] = [];
    for (const side of sides) {
      const data = await sharp(upright.data, { raw: { width, height, channels } })
        .resize({ width: side, height: side, fit: 'cover', position: 'centre' })
        .webp({ quality, effort: 4 })
        .toBuffer();
      squares.push({ data, width: side, height: side });
    }
    return squares;
  } catch {
    throw new AppError('validation_failed', 'apiErrors.platform.imageUnreadable', { values: { subject } });
  }
}
