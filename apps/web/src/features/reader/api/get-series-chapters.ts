import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';

/**
 * The series' chapters with their ids, prices and free dates, which the chapter answer's own list
 * lacks (it names each chapter's access only). The reader asks for them only when the series has
 * chapters for sale: for the prices in its chapter list and for bulk unlocking.
 */
export function seriesChaptersQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['reader', 'series-chapters', slug],
    queryFn: async ({ signal }) => (await callApiData('series', { params: { slug }, signal })).chapters,
    retry: false,
  });
}

export const useSeriesChapters = (slug: string, isEnabled: boolean) =>
  useQuery({ ...seriesChaptersQueryOptions(slug), enabled: isEnabled });
