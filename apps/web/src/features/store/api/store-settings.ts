import type { EndpointData } from '@inkwell/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useStoreSettingsMutation as useSessionStoreSettings } from '../../../lib/wallet/store-settings';
import { storeKeys } from './store-keys';

type WalletData = EndpointData<'wallet'>;

/**
 * Changes the reader's store options (auto-unlock): the session user at once (lib/wallet, shared
 * with the reader's lock panel), and the wallet's copy from the server's answer.
 */
export function useStoreSettingsMutation() {
  const client = useQueryClient();
  return useSessionStoreSettings({
    onSaved: (settings) =>
      client.setQueriesData<WalletData>({ queryKey: storeKeys.walletAll }, (wallet) => wallet && { ...wallet, ...settings }),
  });
}
