import type { EndpointQuery } from '@inkwell/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { financeKeys } from './finance-keys';

/** Every purchase, newest first: searched by user or purchase id, filtered by status and kind, a page at a time. */
function adminPurchasesQueryOptions(query: EndpointQuery<'adminPurchases'>) {
  return queryOptions({
    queryKey: financeKeys.purchaseList(query),
    queryFn: ({ signal }) => callApiData('adminPurchases', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useAdminPurchases = (query: EndpointQuery<'adminPurchases'>) => useQuery(adminPurchasesQueryOptions(query));
