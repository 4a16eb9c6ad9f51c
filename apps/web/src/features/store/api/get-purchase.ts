import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';
import { storeKeys } from './store-keys';

/** One of the reader's purchases (the test checkout shows it). */
export function myPurchaseQueryOptions(purchaseId: string) {
  return queryOptions({
    queryKey: storeKeys.purchase(purchaseId),
    queryFn: ({ signal }) => callApiData('myPurchase', { params: { purchaseId }, signal }),
    // A missing purchase stays missing: no second try before showing so.
    retry: false,
  });
}

export const useMyPurchase = (purchaseId: string) => useQuery(myPurchaseQueryOptions(purchaseId));
