import type { QueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY } from '../../../lib/auth/session-query';

/** The store's caches. The viewer's balance is not among them: the session query owns it. */
export const storeKeys = {
  all: ['store'] as const,
  coinPackages: ['store', 'coin-packages'] as const,
  plans: ['store', 'plans'] as const,
  /** The reader's own things: purchases, wallet, subscription. */
  mine: ['store', 'me'] as const,
  purchases: (page: number) => ['store', 'me', 'purchases', page] as const,
  purchase: (id: string) => ['store', 'me', 'purchase', id] as const,
  wallet: (page: number) => ['store', 'me', 'wallet', page] as const,
  walletAll: ['store', 'me', 'wallet'] as const,
  subscription: ['store', 'me', 'subscription'] as const,
};

/**
 * After money moved (a payment, a cancelled plan): the session is checked again (coins, premium,
 * membership) and waited for, so the top bar shows the new balance before the page moves on;
 * everything else is marked stale, since chapters and lists answer differently to a premium
 * reader or one who has unlocked something.
 */
export async function refreshAfterPayment(client: QueryClient): Promise<void> {
  void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  await client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}
