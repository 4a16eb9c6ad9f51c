import type { SessionUser, StoreSettings, StoreSettingsState } from '@inkwell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../api-client';
import { SESSION_QUERY_KEY, updateSessionUser } from '../auth/session-query';

/**
 * Changes the reader's store options (auto-unlock). The session user carries autoUnlock, so the
 * switch moves at once (optimistically) and goes back if the server refuses. Shared, below the
 * features: the reader's lock panel and the store's pages both offer it. `onSaved` lets a caller
 * bring its own copy up to date with the server's answer.
 */
export function useStoreSettingsMutation({ onSaved }: { onSaved?(state: StoreSettingsState): void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: StoreSettings) => callApiData('storeSettings', { body: settings }),
    onMutate: (settings) => {
      const previous = client.getQueryData<SessionUser | null>(SESSION_QUERY_KEY)?.autoUnlock;
      if (settings.autoUnlock !== undefined) updateSessionUser(client, { autoUnlock: settings.autoUnlock });
      return { previous };
    },
    onError: (_error, _settings, context) => {
      if (context?.previous !== undefined) updateSessionUser(client, { autoUnlock: context.previous });
    },
    onSuccess: (state) => {
      updateSessionUser(client, { autoUnlock: state.autoUnlock });
      onSaved?.(state);
    },
  });
}
