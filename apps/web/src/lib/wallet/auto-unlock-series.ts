import type { AutoUnlockSeries } from '@inkwell/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../api-client';

export const AUTO_UNLOCK_SERIES_KEY = ['wallet', 'auto-unlock-series'] as const;

/**
 * The series whose chapters unlock by themselves for this reader (chosen while unlocking one of
 * them). Shared, below the features: the lock panel reads it, the store's page lists it.
 */
export const useAutoUnlockSeries = (isEnabled: boolean) =>
  useQuery({
    queryKey: AUTO_UNLOCK_SERIES_KEY,
    queryFn: ({ signal }) => callApiData('autoUnlockSeries', { signal }),
    enabled: isEnabled,
    staleTime: 60_000,
  });

/** Turns a series' auto-unlock off; the list drops it at once and comes back if the server refuses. */
export function useTurnOffAutoUnlockSeries() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (seriesId: string) => callApiData('autoUnlockSeriesRemove', { params: { seriesId } }),
    onMutate: (seriesId) => {
      const previous = client.getQueryData<{ items: AutoUnlockSeries[] }>(AUTO_UNLOCK_SERIES_KEY);
      if (previous)
        client.setQueryData(AUTO_UNLOCK_SERIES_KEY, { items: previous.items.filter((item) => item.seriesId !== seriesId) });
      return { previous };
    },
    onError: (_error, _seriesId, context) => {
      if (context?.previous) client.setQueryData(AUTO_UNLOCK_SERIES_KEY, context.previous);
    },
  });
}
