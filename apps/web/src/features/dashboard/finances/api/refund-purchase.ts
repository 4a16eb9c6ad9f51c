import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../../lib/auth/session-query';
import { financeKeys } from './finance-keys';

/**
 * Refunds a paid purchase: a coin purchase takes back what is left of its coins (never more than
 * the reader's balance), a plan's subscription ends at once. The answer is the purchase as it now is.
 */
export function useRefundPurchase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApiData('adminPurchaseRefund', { params: { id } }),
    onSuccess: async (purchase) => {
      client.setQueryData(financeKeys.purchase(purchase.id), purchase);
      // The coin totals move with a refund.
      void client.invalidateQueries({ queryKey: financeKeys.coinPackages });
      void client.invalidateQueries({ queryKey: financeKeys.plans });
      // An admin refunding their own purchase loses coins or premium: their session says so.
      const viewer = client.getQueryData<{ id: string } | null>(SESSION_QUERY_KEY);
      if (viewer?.id === purchase.user.id) void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      await client.invalidateQueries({ queryKey: [...financeKeys.purchases, 'list'] });
    },
    // Refused (409: no longer paid) or failed: show the purchase as it is now.
    onError: () => client.invalidateQueries({ queryKey: financeKeys.purchases }),
  });
}
