import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';
import { storeKeys } from './store-keys';

/** The coin packages on sale, cheapest first as the server orders them. */
export function coinPackagesQueryOptions() {
  return queryOptions({
    queryKey: storeKeys.coinPackages,
    queryFn: ({ signal }) => callApiData('coinPackages', { signal }),
  });
}

export const useCoinPackages = () => useQuery(coinPackagesQueryOptions());
