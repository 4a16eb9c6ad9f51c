import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';
import { storeKeys } from './store-keys';

/** Abandons a pending purchase on the built-in test checkout; nothing is charged or credited. */
export function useCancelTestCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (purchaseId: string) => callApiData('testCheckoutCancel', { params: { purchaseId } }),
    onSuccess: (purchase) => {
      client.setQueryData(storeKeys.purchase(purchase.id), purchase);
      void client.invalidateQueries({ queryKey: [...storeKeys.mine, 'purchases'] });
    },
  });
}
