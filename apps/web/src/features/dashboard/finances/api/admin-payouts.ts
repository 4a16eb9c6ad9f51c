import type { AdminPayout, EndpointData, EndpointQuery } from '@inkwell/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';

type PayoutsAnswer = EndpointData<'adminPayouts'>;

/** The payouts' caches: one per month and status asked (no month: the last closed one). */
const payoutKeys = {
  all: ['admin', 'payouts'] as const,
  list: (query: EndpointQuery<'adminPayouts'>) => ['admin', 'payouts', query] as const,
};

/** Every payee's statement of a month, failed first, with the month's totals per currency. */
export const useAdminPayouts = (query: EndpointQuery<'adminPayouts'>) =>
  useQuery({
    queryKey: payoutKeys.list(query),
    queryFn: ({ signal }) => callApiData('adminPayouts', { query, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * Tries a failed transfer again (with the same idempotency key, so it is never sent twice). The
 * answer is the statement as it now is: it takes its row's place at once, and the totals are read again.
 */
export function useRetryPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApiData('adminPayoutRetry', { params: { id } }),
    onSuccess: async (payout: AdminPayout) => {
      client.setQueriesData<PayoutsAnswer>({ queryKey: payoutKeys.all }, (answer) =>
        answer ? { ...answer, items: answer.items.map((item) => (item.id === payout.id ? payout : item)) } : answer,
      );
      await client.invalidateQueries({ queryKey: payoutKeys.all });
    },
  });
}
