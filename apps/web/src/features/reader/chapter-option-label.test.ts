import { describe, expect, it } from 'vitest';
import { chapterSummary } from '../../../test/series-chapters';
import { chapterOptionLabel } from './chapter-option-label';

const chapter = (openUntil: string | null) => chapterSummary({ openUntil });

describe('a chapter’s line in the picker', () => {
  it('says a rented chapter is rented, and until which day; a bought one is unlocked', () => {
    expect(chapterOptionLabel(chapter('2026-11-29T18:00:00.000Z'))).toBe('Chapter 7 · rented until Nov 29, 2026');
    expect(chapterOptionLabel(chapter(null))).toBe('Chapter 7 · unlocked');
  });
});
