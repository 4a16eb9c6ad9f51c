import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { teamSeriesKeys } from './team-series-keys';

/** One series with all its chapters (drafts and scheduled ones too). */
function teamSeriesQueryOptions(id: string) {
  return queryOptions({
    queryKey: teamSeriesKeys.detail(id),
    queryFn: ({ signal }) => callApiData('teamSeries', { params: { id }, signal }),
    retry: false,
  });
}

export const useTeamSeries = (id: string) => useQuery(teamSeriesQueryOptions(id));
