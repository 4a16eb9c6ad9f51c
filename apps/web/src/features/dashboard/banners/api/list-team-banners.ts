import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';

export const teamBannersKey = ['team', 'banners'] as const;

/** Every banner, inactive and scheduled ones too. */
function teamBannersQueryOptions() {
  return queryOptions({ queryKey: teamBannersKey, queryFn: ({ signal }) => callApiData('teamBanners', { signal }) });
}

export const useTeamBanners = () => useQuery(teamBannersQueryOptions());
