import type { Database } from '../../../db/client';
import { pageInfo } from '../../../db/sql';
import { coinsAndSettingsOf, setStoreSettings } from '../../identity/users';
import { walletPage } from './queries/ledger';
import { toWalletEntry } from './wallet.presenter';
import type { EventPublisher } from '../../../lib/domain-events';

const WALLET_PAGE_SIZE = 20;

/** The reader's coins: their balance and ledger, whether chapters unlock on their own, and whether they are shown as a supporter. */
export function createWallet({ db, events }: { db: Database; events: EventPublisher }) {
  return {
    async wallet(userId: string, page: number) {
      const [{ rows, total }, user] = await Promise.all([
        walletPage(db, userId, page, WALLET_PAGE_SIZE),
        coinsAndSettingsOf(db, userId),
      ]);
      return {
        balance: user?.coins ?? 0,
        autoUnlock: user?.autoUnlock ?? false,
        showAsSupporter: user?.showAsSupporter ?? true,
        entries: rows.map(toWalletEntry),
        pagination: pageInfo(page, WALLET_PAGE_SIZE, total),
      };
    },

    async setStoreSettings(userId: string, settings: { autoUnlock?: boolean; showAsSupporter?: boolean }) {
      const state = await setStoreSettings(db, userId, settings);
      events.publish({ type: 'user.changed', userId });
      return state;
    },
  };
}
export type Wallet = ReturnType<typeof createWallet>;
