import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { teamSeriesKeys } from './team-series-keys';

/** A series' editions (issue 35 §2), the original first, each with the chapter numbers it lacks. */
function teamEditionsQueryOptions(seriesId: string) {
  return queryOptions({
    queryKey: teamSeriesKeys.editions(seriesId),
    queryFn: ({ signal }) => callApiData('teamSeriesEditions', { params: { id: seriesId }, signal }),
    retry: false,
  });
}

export const useTeamEditions = (seriesId: string) => useQuery(teamEditionsQueryOptions(seriesId));
