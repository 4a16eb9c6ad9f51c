import type { Tier } from '@inkwell/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { callApiData } from '../api-client';

/**
 * Memberships per series (issue 38 §1), as the series page, the reader's lock panel and the
 * account draw them: a series' tiers on sale, the reader's memberships, joining one through the
 * checkout plans use, and cancelling at the end of the period.
 */
const membershipKeys = {
  seriesTiers: (seriesId: string) => ['memberships', 'series', seriesId] as const,
  mine: ['memberships', 'me'] as const,
};

/** A series' tiers on sale, cheapest first, and how many readers are members. */
export const useSeriesTiers = (seriesId: string) =>
  useQuery({
    queryKey: membershipKeys.seriesTiers(seriesId),
    queryFn: ({ signal }) => callApiData('seriesTiers', { params: { id: seriesId }, signal }),
    staleTime: 60_000,
  });

/** The signed-in reader's running memberships (none asked for a visitor). */
export const useMyMemberships = (isSignedIn: boolean) =>
  useQuery({
    queryKey: membershipKeys.mine,
    queryFn: ({ signal }) => callApiData('myMemberships', { signal }),
    enabled: isSignedIn,
  });

/** A path of this site ("/buy/checkout/…"), as opposed to a provider's absolute address. */
const isSitePath = (url: string) => /^\/(?![/\\])/.test(url);

/**
 * Joins a tier: the server opens a pending purchase (checkout {kind: 'tier'}, as a plan's) and says
 * where to pay; the built-in test checkout is a page of this app, Stripe's another site.
 */
export function useJoinTier(returnTo: string) {
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: (tier: Tier) => callApiData('checkout', { body: { kind: 'tier', tierId: tier.id, returnTo } }),
    onSuccess: ({ checkoutUrl }) => {
      if (isSitePath(checkoutUrl)) void navigate(checkoutUrl);
      else window.location.assign(checkoutUrl);
    },
  });
  const { mutate } = mutation;
  const join = useCallback((tier: Tier) => mutate(tier), [mutate]);
  return { ...mutation, join };
}

/** Cancels a membership at the end of the period paid for; its early access lasts until then. */
export function useCancelMembership() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (membershipId: string) => callApiData('cancelMembership', { params: { membershipId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: membershipKeys.mine }),
  });
}
