import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';
import { storeKeys } from './store-keys';

/** The reader's coin ledger (every movement, newest first), a page at a time, with the balance. */
function walletQueryOptions(page: number) {
  return queryOptions({
    queryKey: storeKeys.wallet(page),
    queryFn: ({ signal }) => callApiData('wallet', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useWallet = (page: number) => useQuery(walletQueryOptions(page));
