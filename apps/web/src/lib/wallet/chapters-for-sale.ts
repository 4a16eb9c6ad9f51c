import { BULK_UNLOCK_MAX } from '@inkwell/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../api-client';

/**
 * The chapters of a series this viewer could buy from chapter `from` on, in reading order: as
 * many as one bulk unlock takes, and how many there are in all. Asked for only where bulk
 * unlocking is offered (a long series' answer holds its newest chapters only).
 */
function chaptersForSaleQueryOptions(slug: string, from: number | undefined) {
  return queryOptions({
    queryKey: ['catalogue', 'series-chapters', slug, 'for-sale', from ?? null],
    queryFn: ({ signal }) =>
      callApiData('seriesChapters', {
        params: { slug },
        query: { order: 'asc', forSale: 'true', from, limit: BULK_UNLOCK_MAX },
        signal,
      }),
    retry: false,
  });
}

export const useChaptersForSale = (slug: string, from: number | undefined, isEnabled: boolean) =>
  useQuery({ ...chaptersForSaleQueryOptions(slug, from), enabled: isEnabled });
