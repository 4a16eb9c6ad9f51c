import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ARCHIVE_MAX_BYTES, ARCHIVE_MAX_ENTRIES, ARCHIVE_MAX_INFLATED_BYTES, IMAGE_MAX_BYTES } from '@inkwell/contract';
import { AppError } from '../../../lib/app-error';
import { naturalCompare } from '../../../lib/natural-sort';

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

/** Whether an archive's entry is one of its pages: an image, not a folder, dotfile or macOS metadata (the imports read the same). */
export function isPageEntryName(name: string): boolean {
  const base = name.split('/').pop() ?? '';
  return !name.endsWith('/') && !name.startsWith('__MACOSX/') && !base.startsWith('.') && IMAGE_NAME.test(base);
}

export interface ArchiveEntry {
  name: string;
  /** Inflates this one entry, stopping as soon as it passes its size or the archive's total. */
  read(): Promise<Buffer>;
}

const open = (archive: Buffer) =>
  new Promise<ZipFile>((resolve, reject) =>
    // Names are checked below with our own message; yauzl still checks each entry's real size against its header.
    yauzl.fromBuffer(
      archive,
      { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true },
      (error, zip) => (error || !zip ? reject(error ?? new Error('no archive')) : resolve(zip)),
    ),
  );

function listEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      if (entries.length >= ARCHIVE_MAX_ENTRIES) {
        reject(
          new AppError('payload_too_large', 'apiErrors.platform.archiveTooManyEntries', { values: { max: ARCHIVE_MAX_ENTRIES } }),
        );
        return;
      }
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/**
 * The images of a .zip or .cbz in natural order of their paths, to be read one at a time (so a
 * chapter's pages never sit in memory together). Capped in archive size, entry count, each entry's
 * size and the total inflated; inflating stops the moment a cap is passed, whatever the headers
 * claimed. An entry whose path escapes the archive refuses the whole upload. Folders, dotfiles,
 * macOS metadata and non-images (ComicInfo.xml) are skipped.
 */
export async function listArchiveImages(archive: Buffer): Promise<ArchiveEntry[]> {
  if (archive.length > ARCHIVE_MAX_BYTES) {
    throw new AppError('payload_too_large', 'apiErrors.platform.archiveTooLarge', {
      values: { megabytes: ARCHIVE_MAX_BYTES / 1024 / 1024 },
    });
  }
  if (archive.length < 4 || archive.readUInt32LE(0) !== 0x04034b50) {
    throw new AppError('unsupported_media_type', 'apiErrors.platform.archiveNotZip');
  }
  let zip: ZipFile;
  let entries: Entry[];
  try {
    zip = await open(archive);
    entries = await listEntries(zip);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // yauzl refuses escaping names itself ("absolute path", "invalid relative path", "invalid characters").
    const message = error instanceof Error ? error.message : '';
    if (/absolute path|relative path|invalid characters/i.test(message)) {
      throw new AppError('validation_failed', 'apiErrors.platform.archiveUnsafePath', {
        values: { path: message.replace(/^[^:]*: /, '').slice(0, 120) },
      });
    }
    throw new AppError('validation_failed', 'apiErrors.platform.archiveUnreadable');
  }
  let declared = 0;
  const images: Entry[] = [];
  for (const entry of entries) {
    if (isUnsafeEntryName(entry.fileName)) {
      throw new AppError('validation_failed', 'apiErrors.platform.archiveUnsafePath', {
        values: { path: entry.fileName.slice(0, 120) },
      });
    }
    if (!isPageEntryName(entry.fileName)) continue;
    const base = entry.fileName.split('/').pop() ?? '';
    if (entry.uncompressedSize > IMAGE_MAX_BYTES) {
      throw new AppError('payload_too_large', 'apiErrors.platform.entryTooLarge', {
        values: { name: base, megabytes: IMAGE_MAX_BYTES / 1024 / 1024 },
      });
    }
    declared += entry.uncompressedSize;
    if (declared > ARCHIVE_MAX_INFLATED_BYTES) throw new AppError('payload_too_large', 'apiErrors.platform.archiveInflates');
    images.push(entry);
  }
  if (images.length === 0) throw new AppError('validation_failed', 'apiErrors.platform.archiveNoImages');
  images.sort((a, b) => naturalCompare(a.fileName, b.fileName));

  let inflated = 0;
  return images.map((entry) => ({
    name: entry.fileName,
    read: () =>
      new Promise<Buffer>((resolve, reject) => {
        zip.openReadStream(entry, (error, stream: Readable | undefined) => {
          if (error || !stream)
            return reject(
              new AppError('validation_failed', 'apiErrors.platform.entryUnreadable', { values: { name: entry.fileName } }),
            );
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            inflated += chunk.length;
            if (size > IMAGE_MAX_BYTES || inflated > ARCHIVE_MAX_INFLATED_BYTES) {
              stream.destroy();
              reject(new AppError('payload_too_large', 'apiErrors.platform.archiveInflates'));
              return;
            }
            chunks.push(chunk);
          });
          // yauzl fails the stream when an entry inflates past the size its header declared.
          stream.on('error', () =>
            reject(new AppError('validation_failed', 'apiErrors.platform.entryDamaged', { values: { name: entry.fileName } })),
          );
          stream.on('end', () => resolve(Buffer.concat(chunks)));
        });
      }),
  }));
}
