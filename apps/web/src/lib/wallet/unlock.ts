import { useMutation, useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import type { UnlockMethod } from '@inkwell/contract';
import { ApiError, callApiData } from '../api-client';
import { SESSION_QUERY_KEY, setViewerCoins } from '../auth/session-query';

/**
 * After coins bought chapters: the viewer's balance is the server's (the session query owns it),
 * and every other answer may now be wrong (chapters, series pages, the wallet): those on screen
 * are asked again and those not on screen are dropped, so a page the reader goes back to loads
 * fresh (its loader waits) instead of first showing the old lock. Resolves when what is on
 * screen has been refetched, so the unlocked chapter opens as the unlock ends.
 */
async function refreshAfterUnlock(client: QueryClient, coins: number): Promise<void> {
  setViewerCoins(client, coins);
  const isNotSession = (query: Query) => query.queryKey[0] !== SESSION_QUERY_KEY[0];
  client.removeQueries({ predicate: (query) => isNotSession(query) && query.getObserversCount() === 0 });
  await client.invalidateQueries({ predicate: isNotSession });
}

/** A 402: the balance on screen was behind the server's, so the session is checked again. */
function recheckCoinsOn(client: QueryClient, error: unknown) {
  if (error instanceof ApiError && error.code === 'insufficient_coins')
    void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

export type { UnlockMethod };

/**
 * Unlocks one chapter with coins (DESIGN §4), or opens it for a while with the series' pass or daily free (`method`): `charged` is 0 when it was already open.
 * `autoUnlockSeries` keeps, with the unlock, the reader's choice that the series' next chapters
 * unlock by themselves.
 */
export function useUnlockChapter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      chapterId,
      method,
      autoUnlockSeries,
    }: {
      chapterId: string;
      method?: UnlockMethod;
      autoUnlockSeries?: boolean;
    }) =>
      callApiData('unlockChapter', {
        params: { chapterId },
        ...(method || autoUnlockSeries
          ? { body: { ...(method ? { method } : {}), ...(autoUnlockSeries ? { autoUnlockSeries } : {}) } }
          : {}),
      }),
    onSuccess: (result) => refreshAfterUnlock(client, result.coins),
    onError: (error) => recheckCoinsOn(client, error),
  });
}

/** Unlocks several chapters of one series, charged once, all or nothing. */
export function useUnlockChapters() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ seriesId, chapterIds }: { seriesId: string; chapterIds: string[] }) =>
      callApiData('unlockChapters', { params: { seriesId }, body: { chapterIds } }),
    onSuccess: (result) => refreshAfterUnlock(client, result.coins),
    onError: (error) => recheckCoinsOn(client, error),
  });
}

/**
 * The store's page for a reader short of coins. `returnTo` brings them back after paying and
 * `unlock` names the chapter the new coins unlock (the store passes both to checkout).
 */
export function getCoinsHref({ returnTo, unlock }: { returnTo?: string; unlock?: string } = {}): string {
  const params = new URLSearchParams();
  if (returnTo) params.set('returnTo', returnTo);
  if (unlock) params.set('unlock', unlock);
  const query = params.toString();
  return `/buy/coins${query ? `?${query}` : ''}`;
}

/**
 * What unlocking these chapters at once would charge now (the series' bundle discount off "all
 * remaining"), asked for the choice on screen; the button and the dialog show it.
 */
export function useUnlockQuote(seriesId: string, chapterIds: string[], isEnabled: boolean) {
  return useQuery({
    queryKey: ['wallet', 'unlock-quote', seriesId, chapterIds.join(',')],
    queryFn: ({ signal }) =>
      callApiData('unlockQuote', { params: { seriesId }, query: { chapterIds: chapterIds.join(',') }, signal }),
    enabled: isEnabled && chapterIds.length > 0,
    staleTime: 30_000,
    retry: false,
  });
}
