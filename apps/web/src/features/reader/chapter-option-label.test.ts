import { describe, expect, it } from 'vitest';
import { chapterOptionLabel } from './chapter-option-label';

const chapter = (openUntil: string | null) => ({
  id: '00000000-0000-4000-8000-000000000007',
  slug: 'chapter-7',
  number: 7,
  title: '',
  publishedAt: '2026-01-01T00:00:00.000Z',
  price: 30,
  freeAt: null,
  access: 'unlocked' as const,
  openUntil,
});

describe('a chapter’s line in the picker', () => {
  it('says a rented chapter is rented, and until which day; a bought one is unlocked', () => {
    expect(chapterOptionLabel(chapter('2026-11-29T18:00:00.000Z'))).toBe('Chapter 7 · rented until Nov 29, 2026');
    expect(chapterOptionLabel(chapter(null))).toBe('Chapter 7 · unlocked');
  });
});
