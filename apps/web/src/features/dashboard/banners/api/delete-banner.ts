import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { teamBannersKey } from './list-team-banners';

export function useDeleteBanner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('teamBannerDelete', { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamBannersKey }),
  });
}
