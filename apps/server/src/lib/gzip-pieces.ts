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
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last, empty block that ends a deflate stream. */
const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0));
const deflated = (bytes: Buffer, level: number) => deflateRawSync(bytes, { level, finishFlush: constants.Z_SYNC_FLUSH });

export function precompress(pieces: readonly Piece[]): PrecompressedPage {
  return { pieces, deflated: pieces.map((piece) => (typeof piece === 'number' ? piece : deflated(piece, 9))) };
}

const bytesOf = (piece: Piece, values: readonly Buffer[]) => (typeof piece === 'number' ? (values[piece] ?? Buffer.alloc(0)) : piece);

/** The page as it is, with this answer's values. */
export function plainOf(page: PrecompressedPage, values: readonly Buffer[]): Buffer {
  return Buffer.concat(page.pieces.map((piece) => bytesOf(piece, values)));
}

/** The page gzipped, with this answer's values: only they are compressed now. */
export function gzipOf(page: PrecompressedPage, values: readonly Buffer[]): Buffer {
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  page.pieces.forEach((piece, i) => {
    const bytes = bytesOf(piece, values);
    if (bytes.length === 0) return;
    crc = crc32(bytes, crc);
    size += bytes.length;
    const ready = page.deflated[i]!;
    out.push(typeof ready === 'number' ? deflated(bytes, 6) : ready);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(FINAL_BLOCK, trailer);
  return Buffer.concat(out);
}
