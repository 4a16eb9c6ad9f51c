import type { ChapterProgress, ContinuePoint } from '@inkwell/contract';

/**
 * Where a long strip or a novel counts as read (the server's rule too): the reader has reached
 * the end, or all but the last 2 %.
 */
export const COMPLETED_POSITION = 0.98;
/** Nearer the start than this, a chapter simply opens at the top. */
const RESUME_FROM = 0.02;

export type SavedPlace = Pick<ChapterProgress, 'page' | 'position' | 'completed'>;
export type ResumePoint = { page: number } | { position: number } | null;

/**
 * Where a chapter opens for a reader who was in it before (on this device or another): at the
 * saved page in paged mode, at the saved position in a long strip or a novel (each read from the
 * other when only one was saved). A chapter read to its end opens at the start again.
 */
export function resumePoint(saved: SavedPlace | undefined, mode: 'paged' | 'scroll', pageCount: number): ResumePoint {
  if (!saved || saved.completed) return null;
  if (mode === 'paged') {
    if (pageCount < 1) return null;
    const page = saved.page ?? (saved.position !== null ? Math.floor(saved.position * pageCount) + 1 : null);
    if (page === null) return null;
    const clamped = Math.min(Math.max(page, 1), pageCount);
    return clamped > 1 ? { page: clamped } : null;
  }
  const position = saved.position ?? (saved.page !== null && pageCount > 0 ? (saved.page - 1) / pageCount : null);
  if (position === null || position < RESUME_FROM) return null;
  return { position: Math.min(position, 1) };
}

interface ListedChapter {
  id: string;
  slug: string;
  number: number;
  access: string;
}

/**
 * A visitor's Continue, by the server's rule: the furthest chapter (by number) they opened, where
 * they were in it; once it is completed, the next chapter out from its start; null when there is
 * nothing to continue.
 */
export function continueFrom(chapters: readonly ListedChapter[], progress: Record<string, SavedPlace>): ContinuePoint {
  const out = chapters.filter((chapter) => chapter.access !== 'scheduled').sort((a, b) => a.number - b.number);
  const furthest = [...out].reverse().find((chapter) => progress[chapter.id]);
  if (!furthest) return null;
  const saved = progress[furthest.id]!;
  if (!saved.completed) {
    return { chapterSlug: furthest.slug, chapterNumber: furthest.number, page: saved.page, position: saved.position };
  }
  const next = out.find((chapter) => chapter.number > furthest.number);
  return next ? { chapterSlug: next.slug, chapterNumber: next.number, page: null, position: null } : null;
}
