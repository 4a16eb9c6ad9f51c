import { constants, crc32, deflateRawSync } from 'node:zlib';

// A page that is the same for many answers but for a few bytes each (its CSP nonce, a signed-in
// reader's own part) is compressed once, not per answer: each fixed piece is deflated on its own
// (a fresh window, ended on a byte boundary), and each answer's gzip stream is those pieces with
// its own bytes deflated between them, its CRC and length. Deflate allows a stream of such blocks;
// brotli has no way to start afresh mid-stream, so these pages go gzipped.

/** A fixed piece of the page, or the index of an answer's own value. */
export type Piece = Buffer | number;

export interface PrecompressedPage {
  pieces: readonly Piece[];
  /** Each fixed piece deflated once (best compression); an answer's own values stay as their index. */
  deflated: readonly Piece[];
  /**
   * Each fixed piece's CRC-32 and what appending it does to a CRC (0 for a value's place), so an
   * answer never reads the whole page to checksum it.
   */
  crcs?: readonly { crc: number; shift: number }[];
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last, empty block that ends a deflate stream. */
const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0));
const deflated = (bytes: Buffer, level: number) => deflateRawSync(bytes, { level, finishFlush: constants.Z_SYNC_FLUSH });

/**
 * A value this short goes as a stored block (five bytes of header, no compression): starting a
 * compressor costs more than the rest of the answer's gzip, and a nonce appears a dozen times in a
 * page. A reader's own part of a chapter page (their session) is under it: a few hundred bytes
 * more on the wire, for a third of the answer's work.
 */
const STORED_MAX_BYTES = 1024;

/** Bytes as one non-final stored deflate block (at most 65,535 bytes), starting and ending on a byte boundary. */
function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header[0] = 0; // BFINAL 0, BTYPE 00 (stored), then padding to the byte's end.
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

// CRC-32 of two runs joined, from each run's CRC and the second's length (zlib's crc32_combine):
// polynomial arithmetic modulo the CRC's polynomial, in its reflected bit order.
const CRC_POLY = 0xedb88320;

/** a(x) · b(x) modulo the polynomial; `a` is not 0. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  for (let bit = 0x80000000; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= b;
    b = b & 1 ? (b >>> 1) ^ CRC_POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k from 0 to 31. */
const X_TO_2_TO_K: number[] = [];
for (let k = 0, power = 0x40000000; k < 32; k += 1) {
  X_TO_2_TO_K.push(power);
  power = multiplyModP(power, power);
}

/** x^(8 · bytes) modulo the polynomial: what appending that many bytes does to a CRC. */
function shiftOf(bytes: number): number {
  let result = 0x80000000;
  for (let k = 3, n = bytes; n > 0; n = Math.floor(n / 2), k += 1) {
    if (n % 2 === 1) result = multiplyModP(X_TO_2_TO_K[k % 32]!, result);
  }
  return result;
}

/** The CRC-32 of `first` followed by `second`, from their CRCs and the second's length (or its shiftOf). */
export function crc32Combine(first: number, second: number, secondLength: number, shift = shiftOf(secondLength)): number {
  if (secondLength === 0) return first >>> 0;
  return (multiplyModP(shift, first) ^ second) >>> 0;
}

export function precompress(pieces: readonly Piece[]): PrecompressedPage {
  return {
    pieces,
    deflated: pieces.map((piece) => (typeof piece === 'number' ? piece : deflated(piece, 9))),
    crcs: pieces.map((piece) =>
      typeof piece === 'number' ? { crc: 0, shift: 0 } : { crc: crc32(piece), shift: shiftOf(piece.length) },
    ),
  };
}

const bytesOf = (piece: Piece, values: readonly Buffer[]) =>
  typeof piece === 'number' ? (values[piece] ?? Buffer.alloc(0)) : piece;

/** The page as it is, with this answer's values. */
export function plainOf(page: PrecompressedPage, values: readonly Buffer[]): Buffer {
  return Buffer.concat(page.pieces.map((piece) => bytesOf(piece, values)));
}

/** The page gzipped, with this answer's values: only they are compressed now, each once. */
export function gzipOf(page: PrecompressedPage, values: readonly Buffer[]): Buffer {
  const out: Buffer[] = [GZIP_HEADER];
  const ownBlocks = new Map<number, { block: Buffer; crc: number; shift: number }>();
  let crc = 0;
  let size = 0;
  page.pieces.forEach((piece, i) => {
    const bytes = bytesOf(piece, values);
    if (bytes.length === 0) return;
    let block: Buffer;
    let pieceCrc: number;
    let shift: number | undefined;
    if (typeof piece === 'number') {
      let own = ownBlocks.get(piece);
      if (!own) {
        const block = bytes.length <= STORED_MAX_BYTES ? storedBlock(bytes) : deflated(bytes, 6);
        own = { block, crc: crc32(bytes), shift: shiftOf(bytes.length) };
        ownBlocks.set(piece, own);
      }
      ({ block, crc: pieceCrc, shift } = own);
    } else {
      block = page.deflated[i] as Buffer;
      const known = page.crcs?.[i];
      pieceCrc = known?.crc ?? crc32(bytes);
      shift = known?.shift;
    }
    crc = size === 0 ? pieceCrc : crc32Combine(crc, pieceCrc, bytes.length, shift);
    size += bytes.length;
    out.push(block);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(FINAL_BLOCK, trailer);
  return Buffer.concat(out);
}
