import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, gzipOf, plainOf, precompress } from './gzip-pieces';

describe('a page gzipped from pieces compressed once', () => {
  const page = precompress([
    Buffer.from('<html><head><script nonce="'),
    0,
    Buffer.from(`">x</script></head><body>${'<p>Lanterns swing in the harbour wind.</p>'.repeat(400)}<script nonce="`),
    // A value in several places (a page's nonce is in each of its scripts).
    0,
    Buffer.from('">y</script>'),
    1,
    Buffer.from('</body></html>'),
  ]);

  it('unpacks to the page with each answer’s own values, whatever they are', () => {
    for (const values of [
      [Buffer.from(randomBytes(16).toString('base64')), Buffer.from('<script>window.__reader = "ana"</script>')],
      [Buffer.from('n0nce'), Buffer.alloc(0)],
      [randomBytes(70_000), Buffer.from('é✓ unicode')],
      // A value at the stored blocks' limit, and one just past it.
      [randomBytes(1024), randomBytes(1025)],
    ]) {
      const gz = gzipOf(page, values);
      expect(gunzipSync(gz).equals(plainOf(page, values))).toBe(true);
    }
  });

  it('is about as small as the page gzipped whole', () => {
    const values = [Buffer.from('abcdefghijklmnop'), Buffer.alloc(0)];
    expect(gzipOf(page, values).length).toBeLessThan(plainOf(page, values).length / 20);
  });
});

describe('CRC-32 of joined runs', () => {
  it('equals the CRC of the whole, for runs of any length', () => {
    for (const [a, b] of [
      [1, 1],
      [0, 5],
      [17, 3],
      [1000, 65_537],
      [70_000, 123_457],
    ] as const) {
      const first = randomBytes(a);
      const second = randomBytes(b);
      expect(crc32Combine(crc32(first), crc32(second), b)).toBe(crc32(Buffer.concat([first, second])));
    }
  });
});
