import type { BOOKMARK_SORTS } from '@inkwell/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';
import { libraryKeys } from '../../../lib/library/library-keys';

export type BookmarkSort = (typeof BOOKMARK_SORTS)[number];

/** The series the reader follows, a page at a time, in the order asked. */
function bookmarksQueryOptions(sort: BookmarkSort, page: number) {
  return queryOptions({
    queryKey: libraryKeys.bookmarkList(sort, page),
    queryFn: ({ signal }) => callApiData('bookmarks', { query: { sort, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useBookmarks = (sort: BookmarkSort, page: number) => useQuery(bookmarksQueryOptions(sort, page));
