import type { ErrorPageCode } from '@inkwell/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callApiData } from '../../../lib/api-client';

/**
 * A series page: the series and all its chapters, with each chapter's lock for this viewer, in the
 * edition `lang` (issue 35 §2); without it, in the one the server picks for this reader.
 */
export function seriesQueryOptions(slug: string, lang?: string) {
  return queryOptions({
    queryKey: lang ? ['catalogue', 'series', slug, lang] : ['catalogue', 'series', slug],
    queryFn: ({ signal }) => callApiData('series', { params: { slug }, ...(lang ? { query: { lang } } : {}), signal }),
    retry: false,
  });
}

/** The series in an edition; switching edition keeps the one shown until the other arrives, with no skeleton between. */
export const useSeries = (slug: string, lang?: string) =>
  useQuery({
    ...seriesQueryOptions(slug, lang),
    placeholderData: (previous) => (previous?.slug === slug ? previous : undefined),
  });

/**
 * The error page a failed series call leads to, or null when the page should offer a retry.
 * `not_found` is the code the server answered before it had `series_not_found`.
 */
export function seriesErrorPage(error: unknown): ErrorPageCode | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'series_not_found' || error.code === 'not_found' || error.status === 404) return 'series_not_found';
  return null;
}
