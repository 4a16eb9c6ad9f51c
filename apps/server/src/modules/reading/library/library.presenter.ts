import type { Bookmark, ChapterProgress, ContinuePoint, HistoryItem } from '@inkwell/contract';
import { coverOf, type SeriesCardRow } from '../../catalogue/series';
import type { BookmarkPageRow } from './bookmarks.repository';
import type { ContinueRow, ProgressRow } from './library.repository';
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

/** A row of the bookmarks page: its series, latest chapter and where the reader picks up, read in one query. */
export function toBookmark(row: BookmarkPageRow): Bookmark {
  const latestChapter =
    row.latestId !== null && row.latestSlug !== null && row.latestNumber !== null
      ? {
          id: row.latestId,
          slug: row.latestSlug,
          number: row.latestNumber,
          title: row.latestTitle ?? '',
          publishedAt: new Date(row.latestPublishedAt!).toISOString(),
        }
      : null;
  // The furthest chapter opened, where they were; completed, the next one out from its start.
  const point: ContinueRow | undefined =
    row.furthestSlug === null || row.furthestNumber === null
      ? undefined
      : !row.furthestCompleted
        ? {
            seriesId: row.series.id,
            chapterSlug: row.furthestSlug,
            chapterNumber: row.furthestNumber,
            page: row.furthestPage,
            position: row.furthestPosition,
          }
        : row.nextSlug !== null && row.nextNumber !== null
          ? { seriesId: row.series.id, chapterSlug: row.nextSlug, chapterNumber: row.nextNumber, page: null, position: null }
          : undefined;
  return {
    series: toSeriesRef(row.series),
    latestChapter,
    unreadCount: row.unreadCount,
    continue: toContinue(point),
    bookmarkedAt: new Date(row.bookmarkedAt).toISOString(),
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
