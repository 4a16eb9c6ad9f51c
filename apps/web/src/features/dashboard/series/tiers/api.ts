import type { EndpointBody } from '@inkwell/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';

/** A series' tiers as its team sees them (issue 38 §1). */
const tiersKey = (seriesId: string) => ['dashboard', 'series', seriesId, 'tiers'] as const;

export const useTeamTiers = (seriesId: string) =>
  useQuery({
    queryKey: tiersKey(seriesId),
    queryFn: ({ signal }) => callApiData('teamSeriesTiers', { params: { id: seriesId }, signal }),
  });

export function useCreateTier(seriesId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<'teamSeriesTierCreate'>) =>
      callApiData('teamSeriesTierCreate', { params: { id: seriesId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: tiersKey(seriesId) }),
  });
}

/** Changes what may change of a tier (never its price, currency or interval), or archives and restores it. */
export function useUpdateTier(seriesId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ tierId, body }: { tierId: string; body: EndpointBody<'teamSeriesTierUpdate'> }) =>
      callApiData('teamSeriesTierUpdate', { params: { id: seriesId, tierId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: tiersKey(seriesId) }),
  });
}
