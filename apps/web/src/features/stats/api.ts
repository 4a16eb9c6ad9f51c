import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../lib/api-client';

// The reader's year (issue 39 §4): their figures by year, sharing its card, and a shared year's page.

const statsKeys = {
  all: ['stats'] as const,
  year: (year: number | undefined) => ['stats', 'me', year ?? 'now'] as const,
  shared: (token: string) => ['stats', 'shared', token] as const,
};

/** The reader's figures for a year (this year when none is asked). */
export const useMyStats = (year: number | undefined) =>
  useQuery({
    queryKey: statsKeys.year(year),
    queryFn: ({ signal }) => callApiData('myStats', { query: year === undefined ? {} : { year }, signal }),
  });

/** Shares the year's card (the same link when it is shared already), or stops sharing it. */
export function useShareYear() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ year, share }: { year: number; share: boolean }): Promise<unknown> =>
      share ? callApiData('myStatsShare', { params: { year } }) : callApiData('myStatsUnshare', { params: { year } }),
    onSuccess: () => client.invalidateQueries({ queryKey: statsKeys.all }),
  });
}

/** A shared year, by its link's token. */
export function sharedYearQueryOptions(token: string) {
  return queryOptions({
    queryKey: statsKeys.shared(token),
    queryFn: ({ signal }) => callApiData('yearShare', { params: { token }, signal }),
    retry: false,
  });
}

export const useSharedYear = (token: string) => useQuery(sharedYearQueryOptions(token));
