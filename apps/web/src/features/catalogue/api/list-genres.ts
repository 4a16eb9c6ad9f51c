import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';

/** Every genre, for the catalogue's filter. */
export function genresQueryOptions() {
  return queryOptions({
    queryKey: ['catalogue', 'genres'],
    queryFn: ({ signal }) => callApiData('genres', { signal }),
    staleTime: 5 * 60_000,
  });
}

export const useGenres = () => useQuery(genresQueryOptions());
