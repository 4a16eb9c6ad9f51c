import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { financeKeys } from './finance-keys';

/** Every coin package, inactive ones too, and the coin totals of the whole store. */
function adminCoinPackagesQueryOptions() {
  return queryOptions({
    queryKey: financeKeys.coinPackages,
    queryFn: ({ signal }) => callApiData('adminCoinPackages', { signal }),
  });
}

export const useAdminCoinPackages = () => useQuery(adminCoinPackagesQueryOptions());
