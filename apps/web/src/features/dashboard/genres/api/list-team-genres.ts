import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';

export const teamGenresKey = ['team', 'genres'] as const;

/** Every genre, for the genres page and the series form's picker. */
function teamGenresQueryOptions() {
  return queryOptions({ queryKey: teamGenresKey, queryFn: ({ signal }) => callApiData('teamGenres', { signal }) });
}

export const useTeamGenres = () => useQuery(teamGenresQueryOptions());
