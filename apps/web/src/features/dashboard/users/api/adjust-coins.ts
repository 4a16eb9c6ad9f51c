import type { EndpointBody } from '@inkwell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../../lib/auth/session-query';
import { useT } from '../../../../lib/i18n/i18n-context';
import { userKeys } from './user-keys';
import '../../messages';

/** Adds or takes coins with a reason: one ledger entry; the answer is the new balance. */
export function useAdjustCoins(id: string) {
  const t = useT();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: EndpointBody<'adminUserCoins'>) => {
      const answer = await callApi('adminUserCoins', { params: { id }, body });
      return { ...answer.data, message: answer.message ?? t('dashboard.users.actions.adjusted') };
    },
    onSuccess: async () => {
      // An admin adjusting their own coins sees the top bar change now.
      const viewer = client.getQueryData<{ id: string } | null>(SESSION_QUERY_KEY);
      if (viewer?.id === id) void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      void client.invalidateQueries({ queryKey: [...userKeys.all, 'list'] });
      await client.invalidateQueries({ queryKey: userKeys.detail(id) });
    },
  });
}
