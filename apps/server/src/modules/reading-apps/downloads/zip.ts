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

/** The end of central directory record fflate writes: 22 bytes, its last two the comment's length (0). */
const END_RECORD_SIZE = 22;
const END_RECORD_SIGNATURE = 0x06054b50;
const COMMENT_MAX_BYTES = 0xffff;

/**
 * A ZIP with its entries in the given order and fixed times: the same entries give the same bytes.
 * `comment` is the archive's own comment, in the end of central directory record (fflate writes
 * only entries' comments): ASCII only, since the record has no flag for UTF-8 and readers decode it
 * as CP437.
 */
export function deterministicZip(entries: ZipEntry[], { comment }: { comment?: string } = {}): Buffer {
  const files: Zippable = {};
  const mtime = fixedTime();
  for (const entry of entries) {
    files[entry.name] = [entry.bytes, { level: entry.store ? 0 : 9, mtime, os: 3, attrs: 0o644 << 16 }];
  }
  const zip = Buffer.from(zipSync(files));
  if (!comment) return zip;
  if (!/^[\x20-\x7e]*$/.test(comment) || comment.length > COMMENT_MAX_BYTES)
    throw new Error('A zip comment is printable ASCII of at most 65,535 bytes.');
  const end = zip.length - END_RECORD_SIZE;
  if (zip.readUInt32LE(end) !== END_RECORD_SIGNATURE || zip.readUInt16LE(zip.length - 2) !== 0)
    throw new Error('The zip does not end with a bare end of central directory record.');
  zip.writeUInt16LE(comment.length, zip.length - 2);
  return Buffer.concat([zip, Buffer.from(comment, 'ascii')]);
}
