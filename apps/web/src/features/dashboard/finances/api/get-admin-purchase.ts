import type { AdminPurchase } from '@inkwell/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { financeKeys } from './finance-keys';

/** One purchase, read fresh; the list's row shows meanwhile. */
function adminPurchaseQueryOptions(id: string, fromList?: AdminPurchase) {
  return queryOptions({
    queryKey: financeKeys.purchase(id),
    queryFn: ({ signal }) => callApiData('adminPurchase', { params: { id }, signal }),
    ...(fromList ? { placeholderData: fromList } : {}),
    staleTime: 0,
  });
}

export const useAdminPurchase = (id: string, fromList?: AdminPurchase) => useQuery(adminPurchaseQueryOptions(id, fromList));
