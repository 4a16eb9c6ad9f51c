import type { EndpointData, SessionUser, StoreSettings } from '@inkwell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';
import { SESSION_QUERY_KEY, updateSessionUser } from '../../../lib/auth/session-query';
import { storeKeys } from './store-keys';

type WalletData = EndpointData<'wallet'>;

/**
 * Changes the reader's store options (auto-unlock). The session user carries autoUnlock, so the
 * switch moves at once (optimistically) and goes back if the server refuses; the wallet's copy
 * follows the server's answer.
 */
export function useStoreSettingsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: StoreSettings) => callApiData('storeSettings', { body: settings }),
    onMutate: (settings) => {
      const previous = client.getQueryData<SessionUser | null>(SESSION_QUERY_KEY)?.autoUnlock;
      updateSessionUser(client, settings);
      return { previous };
    },
    onError: (_error, _settings, context) => {
      if (context?.previous !== undefined) updateSessionUser(client, { autoUnlock: context.previous });
    },
    onSuccess: (settings) => {
      updateSessionUser(client, settings);
      client.setQueriesData<WalletData>({ queryKey: storeKeys.walletAll }, (wallet) => wallet && { ...wallet, ...settings });
    },
  });
}
