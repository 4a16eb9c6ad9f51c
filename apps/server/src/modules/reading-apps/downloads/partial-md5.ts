import { createHash } from 'node:crypto';

const SAMPLE = 1024;

/**
 * KOReader's document id for a file: the MD5 of 1 KiB samples taken at offsets 0, 1 KiB, 4 KiB,
 * 16 KiB, … (1024 << 2i) up to 1 GiB, stopping at the first offset past the end of the file. A
 * sample that runs off the end is taken short. Two devices holding the same file derive the same
 * id, which is how a downloaded chapter finds its reader's position again.
 */
export function partialMd5(bytes: Uint8Array): string {
  const hash = createHash('md5');
  for (let i = -1; i <= 10; i++) {
    // KOReader shifts 1024 by 2i in 32-bit arithmetic: i = -1 wraps to offset 0.
    const offset = i < 0 ? 0 : SAMPLE * 4 ** i;
    if (offset >= bytes.length) break;
    hash.update(bytes.subarray(offset, Math.min(offset + SAMPLE, bytes.length)));
  }
  return hash.digest('hex');
}
