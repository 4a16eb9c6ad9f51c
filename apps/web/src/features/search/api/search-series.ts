import { queryOptions } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';

/** SPEC §7: GET …/search/series?q= and read success, data.results, error.message. */
export function searchSeriesQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['search', 'series', q.toLowerCase()],
    queryFn: ({ signal }) => callApiData('searchSeries', { query: { q }, signal }).then((data) => data.results),
    staleTime: 60_000,
    retry: false,
  });
}
