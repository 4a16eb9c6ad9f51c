import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';
import { refreshAfterPayment, storeKeys } from './store-keys';

/**
 * Pays a purchase on the built-in test checkout. Resolves once the session has been checked
 * again, so the new coins (and a plan's premium pass) are on screen before the page moves on.
 * The answer carries the purchase, not the balance, hence the session check rather than
 * setViewerCoins.
 */
export function useCompleteTestCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (purchaseId: string) => callApiData('testCheckoutComplete', { params: { purchaseId } }),
    onSuccess: async (purchase) => {
      client.setQueryData(storeKeys.purchase(purchase.id), purchase);
      await refreshAfterPayment(client);
    },
  });
}
