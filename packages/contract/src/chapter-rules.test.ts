import { describe, expect, it } from 'vitest';
import { isChapterForSale, isChapterOut } from './chapter-rules';

const now = new Date('2026-03-01T12:00:00.000Z');
const before = '2026-03-01T11:59:59.999Z';
const after = '2026-03-01T12:00:00.001Z';

describe('isChapterOut', () => {
  it('is out from its release time on, whether the time is a Date or an ISO string', () => {
    expect(isChapterOut({ publishedAt: before }, now)).toBe(true);
    expect(isChapterOut({ publishedAt: new Date(now) }, now)).toBe(true);
    expect(isChapterOut({ publishedAt: '2026-03-01T12:00:00.000Z' }, now)).toBe(true);
  });

  it('is not out while scheduled, nor ever as a draft', () => {
    expect(isChapterOut({ publishedAt: after }, now)).toBe(false);
    expect(isChapterOut({ publishedAt: new Date(after) }, now)).toBe(false);
    expect(isChapterOut({ publishedAt: null }, now)).toBe(false);
  });
});

describe('isChapterForSale', () => {
  it('is for sale while priced and not yet free', () => {
    expect(isChapterForSale({ price: 5, freeAt: null }, now)).toBe(true);
    expect(isChapterForSale({ price: 5, freeAt: after }, now)).toBe(true);
    expect(isChapterForSale({ price: 5, freeAt: new Date(after) }, now)).toBe(true);
  });

  it('is not for sale when free of charge or once free', () => {
    expect(isChapterForSale({ price: 0, freeAt: null }, now)).toBe(false);
    expect(isChapterForSale({ price: 5, freeAt: before }, now)).toBe(false);
    expect(isChapterForSale({ price: 5, freeAt: '2026-03-01T12:00:00.000Z' }, now)).toBe(false);
  });
});
