import type { AreaBase } from '../app-deps';
import { createAccountData } from '../modules/identity/account-data';
import type { IdentityServices } from './identity';
import type { MoneyServices } from './money';
import type { PlatformServices } from './platform';

/**
 * A reader's own data (issue 36 §3): their export and the account's deletion, which asks nearly
 * every area (built after money: the running plan is cancelled through payments' own path).
 */
export function createAccountDataServices(
  { db, clock }: AreaBase,
  { events, storage, images }: PlatformServices,
  { twoFactor }: Pick<IdentityServices, 'twoFactor'>,
  { payments, subscriptions }: Pick<MoneyServices, 'payments' | 'subscriptions'>,
) {
  const accountData = createAccountData({
    db,
    clock,
    events,
    confirmIdentity: (userId, input, ip) => twoFactor.confirmIdentity(userId, input, ip),
    plans: { current: (userId) => subscriptions.current(userId), cancel: (userId) => payments.cancelSubscription(userId) },
    async forgetAvatar(userId, avatarUrl) {
      const key = avatarUrl?.match(/avatars\/[A-Za-z0-9._/-]+\.webp/)?.[0];
      await Promise.allSettled([storage.deletePrefix(`avatars/${userId}/`), images.forget([key])]);
    },
  });
  return { accountData };
}
