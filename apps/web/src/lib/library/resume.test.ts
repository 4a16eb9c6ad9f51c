import { describe, expect, it } from 'vitest';
import { continueFrom, resumePoint } from './resume';

const place = (over: Partial<{ page: number | null; position: number | null; completed: boolean }> = {}) => ({
  page: null,
  position: null,
  completed: false,
  ...over,
});

describe('where a chapter opens again (resume)', () => {
  it('opens at the start when nothing was saved, or when the chapter was read to its end', () => {
    expect(resumePoint(undefined, 'paged', 10)).toBeNull();
    expect(resumePoint(place({ page: 7, completed: true }), 'paged', 10)).toBeNull();
    expect(resumePoint(place({ position: 0.6, completed: true }), 'scroll', 0)).toBeNull();
  });

  it('opens a paged comic at the saved page, kept within the chapter', () => {
    expect(resumePoint(place({ page: 4 }), 'paged', 10)).toEqual({ page: 4 });
    expect(resumePoint(place({ page: 40 }), 'paged', 10)).toEqual({ page: 10 });
    expect(resumePoint(place({ page: 1 }), 'paged', 10)).toBeNull();
  });

  it('opens a long strip or a novel at the saved position, and ignores a place barely started', () => {
    expect(resumePoint(place({ position: 0.45 }), 'scroll', 0)).toEqual({ position: 0.45 });
    expect(resumePoint(place({ position: 0.01 }), 'scroll', 0)).toBeNull();
  });

  it('carries a place across modes: a page read on a phone in paged mode resumes in a long strip, and back', () => {
    expect(resumePoint(place({ page: 6 }), 'scroll', 10)).toEqual({ position: 0.5 });
    expect(resumePoint(place({ position: 0.5 }), 'paged', 10)).toEqual({ page: 6 });
  });
});

describe("a visitor's Continue (the server's rule)", () => {
  const chapters = [1, 2, 3, 4].map((number) => ({ id: `c${number}`, slug: `chapter-${number}`, number, access: 'free' }));
  const scheduled = { id: 'c5', slug: 'chapter-5', number: 5, access: 'scheduled' };

  it('is nothing before anything was opened', () => {
    expect(continueFrom(chapters, {})).toBeNull();
  });

  it('is the furthest chapter opened, where the reader was, even after re-reading an older one', () => {
    expect(continueFrom(chapters, { c1: place({ completed: true }), c3: place({ page: 5 }), c2: place({ page: 2 }) })).toEqual({
      chapterSlug: 'chapter-3',
      chapterNumber: 3,
      page: 5,
      position: null,
    });
  });

  it('moves to the next chapter out, from its start, once the furthest is completed; nothing after the last', () => {
    expect(continueFrom(chapters, { c2: place({ position: 1, completed: true }) })).toEqual({
      chapterSlug: 'chapter-3',
      chapterNumber: 3,
      page: null,
      position: null,
    });
    expect(continueFrom([...chapters, scheduled], { c4: place({ completed: true }) })).toBeNull();
  });
});
