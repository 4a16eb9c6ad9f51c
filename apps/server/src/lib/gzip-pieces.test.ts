import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipOf, plainOf, precompress } from './gzip-pieces';

describe('a page gzipped from pieces compressed once', () => {
  const page = precompress([
    Buffer.from('<html><head><script nonce="'),
    0,
    Buffer.from(`">x</script></head><body>${'<p>Lanterns swing in the harbour wind.</p>'.repeat(400)}`),
    1,
    Buffer.from('</body></html>'),
  ]);

  it('unpacks to the page with each answer’s own values, whatever they are', () => {
    for (const values of [
      [Buffer.from(randomBytes(16).toString('base64')), Buffer.from('<script>window.__reader = "ana"</script>')],
      [Buffer.from('n0nce'), Buffer.alloc(0)],
      [randomBytes(70_000), Buffer.from('é✓ unicode')],
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
