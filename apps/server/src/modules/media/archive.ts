import { unzipSync } from 'fflate';
import { ARCHIVE_MAX_BYTES, ARCHIVE_MAX_ENTRIES, ARCHIVE_MAX_INFLATED_BYTES, IMAGE_MAX_BYTES } from '@inkwell/contract';
import { AppError } from '../../lib/app-error';
import { naturalCompare } from '../../lib/natural-sort';

const IMAGE_NAME = /\.(jpe?g|png|webp|avif|gif)$/i;

/** A name that would land outside the archive's folder if it were ever extracted. */
export function isUnsafeEntryName(name: string): boolean {
  return (
    name.includes('\\') ||
    name.includes('\0') ||
    name.startsWith('/') ||
    /^[a-z]:/i.test(name) ||
    name.split('/').some((part) => part === '..')
  );
}

export interface ArchiveImage {
  name: string;
  bytes: Buffer;
}

/**
 * The images of a .zip or .cbz in natural order of their paths. Capped in archive size, entry
 * count and inflated size (checked against the headers before anything is inflated, and the
 * inflater never writes past a header's size). An entry whose path escapes the archive refuses
 * the whole upload. Folders, dotfiles, macOS metadata and non-images (ComicInfo.xml) are skipped.
 */
export function readArchiveImages(archive: Buffer): ArchiveImage[] {
  if (archive.length > ARCHIVE_MAX_BYTES) {
    throw new AppError('payload_too_large', `The archive is larger than ${ARCHIVE_MAX_BYTES / 1024 / 1024} MB`);
  }
  if (archive.length < 4 || archive.readUInt32LE(0) !== 0x04034b50) {
    throw new AppError('unsupported_media_type', 'The file is not a .zip or .cbz archive');
  }
  let entries = 0;
  let inflated = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(archive, {
      filter(file) {
        entries += 1;
        if (entries > ARCHIVE_MAX_ENTRIES) {
          throw new AppError('payload_too_large', `The archive has more than ${ARCHIVE_MAX_ENTRIES} entries`);
        }
        if (isUnsafeEntryName(file.name)) {
          throw new AppError('validation_failed', `The archive contains an unsafe path: ${file.name.slice(0, 120)}`);
        }
        const base = file.name.split('/').pop() ?? '';
        if (file.name.endsWith('/') || file.name.startsWith('__MACOSX/') || base.startsWith('.') || !IMAGE_NAME.test(base)) {
          return false;
        }
        if (file.originalSize > IMAGE_MAX_BYTES) {
          throw new AppError('payload_too_large', `${base} is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB`);
        }
        inflated += file.originalSize;
        if (inflated > ARCHIVE_MAX_INFLATED_BYTES) {
          throw new AppError('payload_too_large', 'The archive inflates to more than we accept');
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('validation_failed', 'The archive could not be read; it may be damaged');
  }
  const images = Object.entries(files)
    .map(([name, bytes]) => ({
      name,
      bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    }))
    .sort((a, b) => naturalCompare(a.name, b.name));
  if (images.length === 0) throw new AppError('validation_failed', 'The archive holds no JPEG, PNG, WebP, AVIF or GIF images');
  return images;
}
