import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';
import { storeKeys } from './store-keys';

/** The reader's purchases, newest first, a page at a time. */
function myPurchasesQueryOptions(page: number) {
  return queryOptions({
    queryKey: storeKeys.purchases(page),
    queryFn: ({ signal }) => callApiData('myPurchases', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useMyPurchases = (page: number) => useQuery(myPurchasesQueryOptions(page));
