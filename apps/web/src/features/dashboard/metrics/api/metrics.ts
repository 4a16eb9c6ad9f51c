import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';

export interface DayRange {
  from: string;
  to: string;
}

const metricsKeys = {
  team: (range: DayRange) => ['team', 'metrics', range.from, range.to] as const,
  admin: (range: DayRange) => ['admin', 'metrics', range.from, range.to] as const,
};

/** Views, followers, comments and unlocks per day of the range (editors and admins). */
function teamMetricsQueryOptions(range: DayRange) {
  return queryOptions({
    queryKey: metricsKeys.team(range),
    queryFn: ({ signal }) => callApiData('teamMetrics', { query: range, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Money, coins, subscriptions and sign-ups per day of the range (admins). */
function adminMetricsQueryOptions(range: DayRange) {
  return queryOptions({
    queryKey: metricsKeys.admin(range),
    queryFn: ({ signal }) => callApiData('adminMetrics', { query: range, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export const useTeamMetrics = (range: DayRange, enabled = true) => useQuery({ ...teamMetricsQueryOptions(range), enabled });
export const useAdminMetrics = (range: DayRange, enabled = true) => useQuery({ ...adminMetricsQueryOptions(range), enabled });
