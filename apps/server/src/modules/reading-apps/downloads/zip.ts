import { zipSync, type Zippable } from 'fflate';

/**
 * Every entry's modification time. fflate writes DOS times from a Date's local fields, so the date
 * is built from local fields too, at each call (the zone may change): the same bytes in every zone.
 */
const fixedTime = () => new Date(2000, 0, 1, 12, 0, 0);

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
  /** Already compressed (images) or required stored (EPUB's mimetype). */
  store?: boolean;
}

/** A ZIP with its entries in the given order and fixed times: the same entries give the same bytes. */
export function deterministicZip(entries: ZipEntry[]): Buffer {
  const files: Zippable = {};
  const mtime = fixedTime();
  for (const entry of entries) {
    files[entry.name] = [entry.bytes, { level: entry.store ? 0 : 9, mtime, os: 3, attrs: 0o644 << 16 }];
  }
  return Buffer.from(zipSync(files));
}
