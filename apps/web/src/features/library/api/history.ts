import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';
import { libraryKeys } from '../../../lib/library/library-keys';

const HISTORY_PAGE_SIZE = 20;
/** Home's "Continue reading" row: the most recent chapter of this many series. */
const CONTINUE_ROW_SIZE = 6;

/** The chapters the reader opened, newest first, a page at a time. */
function historyQueryOptions(page: number) {
  return queryOptions({
    queryKey: libraryKeys.historyList('chapter', page, HISTORY_PAGE_SIZE),
    queryFn: ({ signal }) => callApiData('history', { query: { page, perPage: HISTORY_PAGE_SIZE, by: 'chapter' }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useHistory = (page: number) => useQuery(historyQueryOptions(page));

/** The series read most recently, each with the chapter last opened (home's "Continue reading"). */
export function continueReadingQueryOptions() {
  return queryOptions({
    queryKey: libraryKeys.historyList('series', 1, CONTINUE_ROW_SIZE),
    queryFn: ({ signal }) => callApiData('history', { query: { page: 1, perPage: CONTINUE_ROW_SIZE, by: 'series' }, signal }),
    // An extra on home, which waits for it: a failure leaves the row out rather than holding the page.
    retry: false,
  });
}

export const useContinueReading = (enabled: boolean) => useQuery({ ...continueReadingQueryOptions(), enabled });

/** Takes one chapter out of the history (its progress and read mark stay). */
export function useRemoveFromHistory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (chapterId: string) => callApiData('historyRemove', { params: { chapterId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: libraryKeys.history() }),
  });
}

/** Empties the history (progress and read marks stay). */
export function useClearHistory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApiData('historyClear'),
    onSuccess: () => client.invalidateQueries({ queryKey: libraryKeys.history() }),
  });
}
