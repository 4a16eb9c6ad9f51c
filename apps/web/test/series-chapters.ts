import type { ChapterSummary, SeriesChaptersPage } from '@inkwell/contract';

/**
 * The series' chapters call as the server answers it, over a test's chapters (newest first, as
 * the series answer holds them): order, from, after, forSale and limit from the request's URL.
 */
export function seriesChaptersAnswer(chapters: readonly ChapterSummary[], url: string): Response {
  const query = new URL(url, 'http://localhost').searchParams;
  const isAsc = query.get('order') === 'asc';
  const forSale = query.get('forSale') === 'true';
  const from = query.has('from') ? Number(query.get('from')) : undefined;
  const after = query.has('after') ? Number(query.get('after')) : undefined;
  const limit = Number(query.get('limit') ?? 100);
  const matching = chapters.filter((c) => !forSale || c.access === 'locked' || c.access === 'early_access');
  const ordered = isAsc ? [...matching].reverse() : [...matching];
  const ahead = (a: number, b: number) => (isAsc ? a > b : a < b);
  const start = ordered.findIndex(
    (c) => (from === undefined || c.number === from || ahead(c.number, from)) && (after === undefined || ahead(c.number, after)),
  );
  const data: SeriesChaptersPage = {
    items: start === -1 ? [] : ordered.slice(start, start + limit),
    total: matching.length,
    hasMore: start !== -1 && start + limit < ordered.length,
  };
  return Response.json({ success: true, data });
}

/** A chapter of a test's series as the server lists it to a viewer: chapter 7, unlocked, 30 coins unless said. */
export const chapterSummary = (overrides: Partial<ChapterSummary> = {}): ChapterSummary => ({
  id: '00000000-0000-4000-8000-000000000007',
  slug: 'chapter-7',
  number: 7,
  title: '',
  publishedAt: '2026-01-01T00:00:00.000Z',
  price: 30,
  freeAt: null,
  access: 'unlocked',
  openUntil: null,
  language: 'en',
  fallback: false,
  ...overrides,
});
