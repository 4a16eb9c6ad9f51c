import type { Query, QueryClient } from '@tanstack/react-query';
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
 * After money moved (a payment): the session is checked again (coins, premium, membership) and
 * waited for, so the top bar shows the new balance before the page moves on. Every other answer
 * may now be wrong (a chapter this payment unlocked, premium chapters for a new subscriber):
 * those on screen are asked again, and those not on screen are dropped, so the page the reader
 * goes back to loads them fresh (its loader waits) instead of first showing the old lock.
 */
export async function refreshAfterPayment(client: QueryClient): Promise<void> {
  const isNotSession = (query: Query) => query.queryKey[0] !== SESSION_QUERY_KEY[0];
  client.removeQueries({ predicate: (query) => isNotSession(query) && query.getObserversCount() === 0 });
  void client.invalidateQueries({ predicate: isNotSession });
  await client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}
