import type { Bookmark, ChapterProgress, ContinuePoint, HistoryItem } from '@inkwell/contract';
import type { ChapterListRow } from '../../catalogue/chapters';
import { coverOf, type SeriesCardRow } from '../../catalogue/series';
import type { BookmarkPageRow, ContinueRow, ProgressRow } from './library.repository';
import type { HistoryRow } from './history.repository';

const toSeriesRef = (row: SeriesCardRow) => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  cover: coverOf(row),
  type: row.type,
  status: row.status,
});

/** A chapter's saved place, as the series page and the reader read it. */
export const toProgressEntry = (row: ProgressRow): Omit<ChapterProgress, 'chapterId'> => ({
  page: row.page,
  position: row.position,
  completed: row.completed,
  readAt: row.readAt.toISOString(),
});

export const toChapterProgress = (row: ProgressRow): ChapterProgress => ({ chapterId: row.chapterId, ...toProgressEntry(row) });

export const toContinue = (row: ContinueRow | undefined): ContinuePoint =>
  row ? { chapterSlug: row.chapterSlug, chapterNumber: row.chapterNumber, page: row.page, position: row.position } : null;

export function toBookmark(
  row: BookmarkPageRow,
  latest: ChapterListRow | undefined,
  point: ContinueRow | undefined,
  now: Date,
): Bookmark {
  return {
    series: toSeriesRef(row.series),
    latestChapter: latest
      ? {
          id: latest.id,
          slug: latest.slug,
          number: latest.number,
          title: latest.title,
          publishedAt: (latest.publishedAt ?? now).toISOString(),
        }
      : null,
    unreadCount: row.unreadCount,
    continue: toContinue(point),
    bookmarkedAt: row.bookmarkedAt.toISOString(),
  };
}

export const toHistoryItem = (row: HistoryRow, point?: ContinuePoint): HistoryItem => ({
  series: toSeriesRef(row.series),
  chapter: row.chapter,
  page: row.page,
  position: row.position,
  completed: row.completed,
  readAt: row.readAt.toISOString(),
  ...(point !== undefined ? { continue: point } : {}),
});
