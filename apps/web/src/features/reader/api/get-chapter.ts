import type { ErrorPageCode } from '@inkwell/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callApiData } from '../../../lib/api-client';

/** A chapter as this viewer may read it: its pages or text, or only its price when locked. */
export function chapterQueryOptions(slug: string, chapterSlug: string) {
  return queryOptions({
    queryKey: ['reader', 'chapter', slug, chapterSlug],
    queryFn: ({ signal }) => callApiData('chapter', { params: { slug, chapterSlug }, signal }),
    retry: false,
    // Signed page URLs last at least half an hour; refetching sooner would only change them.
    staleTime: 10 * 60_000,
  });
}

export const useChapter = (slug: string, chapterSlug: string) => useQuery(chapterQueryOptions(slug, chapterSlug));

/**
 * The error page a failed chapter call leads to, or null when the reader should offer a retry.
 * A missing series and a missing chapter are told apart by the error's code, never its message.
 */
export function chapterErrorPage(error: unknown): ErrorPageCode | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'series_not_found') return 'series_not_found';
  if (error.code === 'chapter_not_found' || error.code === 'not_found' || error.status === 404) return 'not_found';
  return null;
}
