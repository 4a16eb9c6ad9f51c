import type { EndpointBody } from '@inkwell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { teamBannersKey } from './list-team-banners';

export function useUpdateBanner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EndpointBody<'teamBannerUpdate'> }) =>
      callApiData('teamBannerUpdate', { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamBannersKey }),
  });
}
