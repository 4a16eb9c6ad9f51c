import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';
import { storeKeys } from './store-keys';

/** The subscription plans on sale. */
export function plansQueryOptions() {
  return queryOptions({
    queryKey: storeKeys.plans,
    queryFn: ({ signal }) => callApiData('plans', { signal }),
  });
}

export const usePlans = () => useQuery(plansQueryOptions());
