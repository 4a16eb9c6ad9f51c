import { useQuery } from '@tanstack/react-query';
import { ownQueryOptions } from '../../../lib/own-query';
import { storeKeys } from './store-keys';

/** The reader's subscription, or null when they have none. */
export function mySubscriptionQueryOptions() {
  return ownQueryOptions('mySubscription', undefined, storeKeys.subscription);
}

/** Asked only for a signed-in reader (`isEnabled`); a visitor has no subscription to ask about. */
export const useMySubscription = (isEnabled = true) => useQuery({ ...mySubscriptionQueryOptions(), enabled: isEnabled });
