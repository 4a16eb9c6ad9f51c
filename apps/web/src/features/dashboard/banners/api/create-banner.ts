import type { EndpointBody } from '@inkwell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { teamBannersKey } from './list-team-banners';

export function useCreateBanner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<'teamBannerCreate'>) => callApiData('teamBannerCreate', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamBannersKey }),
  });
}
