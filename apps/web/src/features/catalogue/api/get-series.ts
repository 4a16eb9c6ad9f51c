import type { ErrorPageCode } from '@inkwell/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callApiData } from '../../../lib/api-client';

/** A series page: the series and all its chapters, with each chapter's lock for this viewer. */
export function seriesQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['catalogue', 'series', slug],
    queryFn: ({ signal }) => callApiData('series', { params: { slug }, signal }),
    retry: false,
  });
}

export const useSeries = (slug: string) => useQuery(seriesQueryOptions(slug));

/**
 * The error page a failed series call leads to, or null when the page should offer a retry.
 * `not_found` is the code the server answered before it had `series_not_found`.
 */
export function seriesErrorPage(error: unknown): ErrorPageCode | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'series_not_found' || error.code === 'not_found' || error.status === 404) return 'series_not_found';
  return null;
}
