import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';
import { storeKeys } from './store-keys';

/** One of the reader's purchases (the test checkout shows it). */
function myPurchaseQueryOptions(purchaseId: string) {
  return queryOptions({
    queryKey: storeKeys.purchase(purchaseId),
    queryFn: ({ signal }) => callApiData('myPurchase', { params: { purchaseId }, signal }),
    // A missing purchase stays missing: no second try before showing so.
    retry: false,
  });
}

/** How long the page asks again while Stripe's payment is being confirmed (the server asks Stripe each time). */
const STRIPE_CONFIRM_POLL_MS = 2000;

export const useMyPurchase = (purchaseId: string, options: { awaitProvider?: boolean } = {}) =>
  useQuery({
    ...myPurchaseQueryOptions(purchaseId),
    // Back from Stripe: ask again until its payment is confirmed (paid, or no longer pending).
    refetchInterval: (query) =>
      options.awaitProvider && query.state.data?.provider === 'stripe' && query.state.data.status === 'pending'
        ? STRIPE_CONFIRM_POLL_MS
        : false,
  });
