import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { MediaStorage } from '../../platform/media';

// An uploaded import's file (up to a gigabyte) kept in media storage until its job has read it:
// under a private key (not a public prefix, not a chapter's: /media serves it to no one), in
// pieces, so neither the upload nor the job ever holds more than one piece in memory.

/** The size of one stored piece. */
const PIECE_BYTES = 8 * 1024 * 1024;

/** Where an import's uploaded file is kept: its pieces, in order. */
export const uploadPrefix = (importId: string) => `imports/${importId}/upload/`;
const pieceKey = (prefix: string, index: number) => `${prefix}${String(index).padStart(6, '0')}.part`;

/** Stores a stream in pieces under `prefix`; answers how many pieces and bytes. */
export async function storeUpload(storage: MediaStorage, prefix: string, stream: Readable) {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let pieces = 0;
  let bytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const piece = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await storage.put(pieceKey(prefix, pieces), piece, 'application/octet-stream');
    pieces += 1;
  };
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    pending.push(buffer);
    pendingBytes += buffer.length;
    bytes += buffer.length;
    if (pendingBytes >= PIECE_BYTES) await flush();
  }
  await flush();
  return { pieces, bytes };
}

/** Writes the stored pieces under `prefix`, in order, into a file on disk (for the readers, which seek in zips). */
export async function fetchUpload(storage: MediaStorage, prefix: string, file: string): Promise<void> {
  const out = createWriteStream(file);
  try {
    for (let index = 0; ; index += 1) {
      const piece = await storage.get(pieceKey(prefix, index));
      if (!piece) break;
      for await (const chunk of piece.body) {
        if (!out.write(chunk)) await once(out, 'drain');
      }
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
}
