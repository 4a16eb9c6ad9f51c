import type { Bookmark, HistoryItem } from '@inkwell/contract';

export const seriesId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const chapterId = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
export const ok = <T>(data: T) => Response.json({ success: true, data });
export const pageInfo = (page: number, totalPages: number, total = totalPages * 20) => ({ page, perPage: 20, total, totalPages });

const seriesRef = (n: number, title: string) => ({
  id: seriesId(n),
  slug: title.toLowerCase().replace(/\W+/g, '-'),
  title,
  cover: null,
  type: 'comic' as const,
  status: 'ongoing',
});

export function bookmark(n: number, title: string, over: Partial<Bookmark> = {}): Bookmark {
  return {
    series: seriesRef(n, title),
    latestChapter: {
      id: chapterId(n * 100 + 12),
      slug: 'chapter-12',
      number: 12,
      title: '',
      publishedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    },
    unreadCount: 3,
    continue: { chapterSlug: 'chapter-10', chapterNumber: 10, page: 4, position: 0.3 },
    bookmarkedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

export function historyEntry(n: number, title: string, chapter: number, over: Partial<HistoryItem> = {}): HistoryItem {
  return {
    series: seriesRef(n, title),
    chapter: { id: chapterId(n * 100 + chapter), slug: `chapter-${chapter}`, number: chapter, title: '' },
    page: null,
    position: null,
    completed: false,
    readAt: new Date(Date.now() - 3_600_000).toISOString(),
    ...over,
  };
}
