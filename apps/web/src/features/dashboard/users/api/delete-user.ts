import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { userKeys } from './user-keys';

/** Deletes the account as its owner would (issue 36 §3): the lists forget it, its page is left. */
export function useDeleteUser(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callApi('adminUserDelete', { params: { id } })).data,
    onSuccess: () => {
      client.removeQueries({ queryKey: userKeys.detail(id) });
      void client.invalidateQueries({ queryKey: [...userKeys.all, 'list'] });
    },
  });
}
