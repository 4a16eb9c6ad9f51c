import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ARCHIVE_MAX_BYTES, ARCHIVE_MAX_ENTRIES, ARCHIVE_MAX_INFLATED_BYTES, IMAGE_MAX_BYTES } from '@inkwell/contract';
import { isUnsafeEntryName } from '../../../platform/media';
import { baseName, ImportReadError } from './failures';

/** How much one zip may hold: entries, one entry's size and the total once inflated (zip-bomb caps). */
export interface ZipCaps {
  maxEntries: number;
  maxEntryBytes: number;
  maxInflatedBytes: number;
}

/** A chapter archive (.cbz) or an EPUB: the uploads' caps (media/archive.ts), an EPUB's many small files aside. */
export const CHAPTER_CAPS: ZipCaps = {
  maxEntries: ARCHIVE_MAX_ENTRIES,
  maxEntryBytes: IMAGE_MAX_BYTES,
  maxInflatedBytes: ARCHIVE_MAX_INFLATED_BYTES,
};
export const EPUB_CAPS: ZipCaps = { ...CHAPTER_CAPS, maxEntries: 20 * ARCHIVE_MAX_ENTRIES };
/** A whole library as one .zip: its entries are chapter archives (each as big as an upload may be) or pages. */
export const LIBRARY_CAPS: ZipCaps = {
  maxEntries: 400_000,
  maxEntryBytes: ARCHIVE_MAX_BYTES,
  maxInflatedBytes: 64 * 1024 * 1024 * 1024,
};

export interface ZipMember {
  /** Its path inside the zip, '/'-separated. */
  name: string;
  /** The size its header declares; reading stops past it (yauzl) or past the caps (here). */
  size: number;
  /** Set when the name would land outside the zip's folder: never read. */
  unsafe: boolean;
  read(): Promise<Buffer>;
}

export interface OpenZip {
  members: ZipMember[];
  close(): void;
}

const OPTIONS = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true } as const;

function openRaw(source: Buffer | string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, zip?: ZipFile) => (error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip));
    if (typeof source === 'string') yauzl.open(source, OPTIONS, done);
    else yauzl.fromBuffer(source, OPTIONS, done);
  });
}

/**
 * Opens a zip (from memory, or from disk by path so a big upload is never read whole) and lists its
 * members, each read later on its own. Names are decoded here rather than by yauzl, so one unsafe
 * name marks that member instead of failing the whole listing. `label` names the zip in failures.
 */
export async function openZip(source: Buffer | string, caps: ZipCaps, label: string): Promise<OpenZip> {
  const name = baseName(label);
  if (Buffer.isBuffer(source) && (source.length < 4 || source.readUInt32LE(0) !== 0x04034b50)) {
    throw new ImportReadError('apiErrors.imports.archiveBroken', { name });
  }
  let zip: ZipFile;
  try {
    zip = await openRaw(source);
  } catch {
    throw new ImportReadError('apiErrors.imports.archiveBroken', { name });
  }
  try {
    const entries = await listEntries(zip, caps, name);
    let declared = 0;
    let inflated = 0;
    const members = entries.map((entry): ZipMember => {
      // Old Windows tools write `\` between folders: read as `/`, then checked (`a\..\b` is still refused).
      const memberName = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
      const unsafe = isUnsafeEntryName(memberName);
      if (!unsafe && !memberName.endsWith('/')) {
        if (entry.uncompressedSize > caps.maxEntryBytes) {
          throw new ImportReadError('apiErrors.imports.archiveInflates', { name });
        }
        declared += entry.uncompressedSize;
        if (declared > caps.maxInflatedBytes) throw new ImportReadError('apiErrors.imports.archiveInflates', { name });
      }
      return {
        name: memberName,
        size: entry.uncompressedSize,
        unsafe,
        read: () =>
          readEntry(zip, entry, caps, name, (bytes) => {
            inflated += bytes;
            return inflated <= caps.maxInflatedBytes;
          }),
      };
    });
    return { members, close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}

function listEntries(zip: ZipFile, caps: ZipCaps, name: string): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      if (entries.length >= caps.maxEntries) {
        reject(new ImportReadError('apiErrors.imports.archiveTooManyEntries', { name, max: caps.maxEntries }));
        return;
      }
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(new ImportReadError('apiErrors.imports.archiveBroken', { name })));
    zip.readEntry();
  });
}

/** Inflates one member, stopping the moment it passes its own cap or the zip's running total. */
function readEntry(zip: ZipFile, entry: Entry, caps: ZipCaps, name: string, count: (bytes: number) => boolean): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream: Readable | undefined) => {
      if (error || !stream) return reject(new ImportReadError('apiErrors.imports.archiveBroken', { name }));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > caps.maxEntryBytes || !count(chunk.length)) {
          stream.destroy();
          reject(new ImportReadError('apiErrors.imports.archiveInflates', { name }));
          return;
        }
        chunks.push(chunk);
      });
      // yauzl fails the stream when an entry inflates past the size its header declared.
      stream.on('error', (failure: Error) =>
        reject(
          new ImportReadError(
            /too many bytes/i.test(failure.message) ? 'apiErrors.imports.archiveInflates' : 'apiErrors.imports.archiveBroken',
            { name },
          ),
        ),
      );
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}
