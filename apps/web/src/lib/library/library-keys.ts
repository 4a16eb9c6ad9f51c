/**
 * The query keys of the reader's library. Every one starts with 'library', so what a reading
 * changes can be marked stale at once; logging out drops them with every other viewer's answer.
 */
export const libraryKeys = {
  all: ['library'] as const,
  seriesProgress: (seriesId: string) => ['library', 'series-progress', seriesId] as const,
  bookmarks: () => ['library', 'bookmarks'] as const,
  bookmarkList: (sort: string, page: number) => ['library', 'bookmarks', sort, page] as const,
  history: () => ['library', 'history'] as const,
  historyList: (by: 'chapter' | 'series', page: number, perPage: number) => ['library', 'history', by, page, perPage] as const,
};
