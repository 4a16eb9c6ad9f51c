import type { ErrorPageCode } from '@inkwell/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callApiData } from '../../lib/api-client';

/** Published announcements, pinned first, then newest (home shows the first page). */
export function announcementsQueryOptions(page = 1) {
  return queryOptions({
    queryKey: ['announcements', 'list', page],
    queryFn: ({ signal }) => callApiData('announcements', { query: { page }, signal }),
    staleTime: 30_000,
    // Home's loader waits for this: a failure leaves the news out rather than holding the page.
    retry: false,
  });
}

export const useAnnouncements = (page = 1) => useQuery(announcementsQueryOptions(page));

/** One published announcement, by its slug. */
export function announcementQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['announcements', 'one', slug],
    queryFn: ({ signal }) => callApiData('announcement', { params: { slug }, signal }),
    retry: false,
  });
}

export const useAnnouncement = (slug: string) => useQuery(announcementQueryOptions(slug));

/** The error page a failed announcement call leads to, or null when the page should offer a retry. */
export function announcementErrorPage(error: unknown): ErrorPageCode | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'announcement_not_found' || error.status === 404 || error.code === 'validation_failed')
    return 'announcement_not_found';
  return null;
}
