import { MEMBERSHIP_CACHE_KEY, PROFILE_CACHE_KEY, type SessionUser } from '@inkwell/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { clearTimedCache, writeTimedCache } from '../timed-cache';
import { verifySession } from './session';

/**
 * The session query owns the viewer: who they are, their role, premium pass and coin balance.
 * Nothing else keeps a copy; everything that shows the viewer reads it (through useAuth), and
 * everything that changes it writes here with the helpers below.
 */
export const SESSION_QUERY_KEY = ['session'] as const;

/** SPEC §3: the membership is kept in local storage for 15 minutes. */
function rememberMembership(user: SessionUser | null) {
  if (user) writeTimedCache(MEMBERSHIP_CACHE_KEY, user.membership);
  else clearTimedCache(MEMBERSHIP_CACHE_KEY);
}

/** The session check as a query: one call per page load, shared by the provider and route loaders. */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async () => {
      const user = await verifySession();
      rememberMembership(user);
      return user;
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** Replaces the viewer (after login or registering; null after logout). */
export function setSessionUser(client: QueryClient, user: SessionUser | null): void {
  rememberMembership(user);
  if (!user) clearTimedCache(PROFILE_CACHE_KEY);
  client.setQueryData(SESSION_QUERY_KEY, user);
}

/** Changes some of the viewer's fields in place; a visitor has none to change. */
export function updateSessionUser(client: QueryClient, patch: Partial<SessionUser>): void {
  const current = client.getQueryData<SessionUser | null>(SESSION_QUERY_KEY);
  if (current) setSessionUser(client, { ...current, ...patch });
}

/**
 * The one way to change the viewer's coin balance on screen. A mutation that spends or adds
 * coins (an unlock, a purchase, an admin's adjustment of one's own account) calls it in its
 * onSuccess with the balance the server answered, so the top bar, the profile and every other
 * reader of the session show the same number without a refetch.
 */
export function setViewerCoins(client: QueryClient, coins: number): void {
  updateSessionUser(client, { coins });
}
