import { describe, expect, it } from 'vitest';
import { READING_CAP_MS, READING_FLOOR_MS, readingTimeMs } from './reading-time';

const MINUTE = 60_000;

describe('a chapter’s reading time', () => {
  it('is 2 s a page or a fast reader’s 1,000 words a minute, from 20 s to 10 minutes', () => {
    expect(readingTimeMs({ pageCount: 3, textBytes: null })).toBe(READING_FLOOR_MS);
    expect(readingTimeMs({ pageCount: 40, textBytes: null })).toBe(80_000);
    expect(readingTimeMs({ pageCount: 2_000, textBytes: null })).toBe(READING_CAP_MS);
    // 3,000 words of about 6 bytes: 3 minutes.
    expect(readingTimeMs({ pageCount: 0, textBytes: 18_000 })).toBe(3 * MINUTE);
    expect(readingTimeMs({ pageCount: 0, textBytes: 0 })).toBe(READING_FLOOR_MS);
  });
});
