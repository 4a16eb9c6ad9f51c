import type { EndpointBody } from '@inkwell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { callApiData } from '../../../lib/api-client';
import { storeKeys } from './store-keys';

/** Starts paying for a coin package or a plan: the server opens a pending purchase and says where to pay. */
export function useCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<'checkout'>) => callApiData('checkout', { body }),
    // A pending purchase now shows among the reader's purchases.
    onSuccess: () => void client.invalidateQueries({ queryKey: [...storeKeys.mine, 'purchases'] }),
  });
}

/** A path of this site ("/buy/checkout/…"), as opposed to a provider's absolute address. */
export const isSitePath = (url: string) => /^\/(?![/\\])/.test(url);

/**
 * Goes to a checkout's address: the built-in test checkout is a page of this app (the router
 * opens it), Stripe's is another site (the browser loads it).
 */
export function useGoToCheckout() {
  const navigate = useNavigate();
  return useCallback(
    (checkoutUrl: string) => {
      if (isSitePath(checkoutUrl)) void navigate(checkoutUrl);
      else window.location.assign(checkoutUrl);
    },
    [navigate],
  );
}
