import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';
import { storeKeys } from './store-keys';

/** The reader's subscription, or null when they have none. */
export function mySubscriptionQueryOptions() {
  return queryOptions({
    queryKey: storeKeys.subscription,
    queryFn: ({ signal }) => callApiData('mySubscription', { signal }),
  });
}

/** Asked only for a signed-in reader (`isEnabled`); a visitor has no subscription to ask about. */
export const useMySubscription = (isEnabled = true) => useQuery({ ...mySubscriptionQueryOptions(), enabled: isEnabled });
