import type { EndpointBody } from '@inkwell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../../lib/auth/session-query';
import { userKeys } from './user-keys';

/**
 * Changes a user's role, or bans (their sessions end at once) or unbans them. The answer is the
 * user as they now are, with the server's sentence of what changed.
 */
export function useUpdateUser(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: EndpointBody<'adminUserUpdate'>) => {
      const answer = await callApi('adminUserUpdate', { params: { id }, body });
      return { user: answer.data, message: answer.message ?? 'Saved' };
    },
    onSuccess: async ({ user }) => {
      client.setQueryData(userKeys.detail(id), user);
      // An admin stepping down loses the dashboard's admin pages: their session says so.
      const viewer = client.getQueryData<{ id: string } | null>(SESSION_QUERY_KEY);
      if (viewer?.id === id) void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      await client.invalidateQueries({ queryKey: [...userKeys.all, 'list'] });
    },
    // Refused (the last admin) or failed: show the user as they are now.
    onError: () => client.invalidateQueries({ queryKey: userKeys.detail(id) }),
  });
}
