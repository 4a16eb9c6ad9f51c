import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/auth/session-query';
import { storeKeys } from './store-keys';

/** Cancels the reader's plan at the end of the period they paid for; premium lasts until then. */
export function useCancelSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApiData('cancelSubscription'),
    onSuccess: (subscription) => {
      client.setQueryData(storeKeys.subscription, subscription);
      void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
