import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';

/** The home page in one call: banners, latest updates, premium and popular picks. */
export function homeQueryOptions() {
  return queryOptions({
    queryKey: ['catalogue', 'home'],
    queryFn: ({ signal }) => callApiData('home', { signal }),
  });
}

export const useHome = () => useQuery(homeQueryOptions());
