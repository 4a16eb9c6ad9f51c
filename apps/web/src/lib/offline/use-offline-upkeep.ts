import { useEffect } from 'react';

/**
 * Issue 21 §3, on each start of the app and each return of the network: kept chapters past their
 * 30 days go, and so does any the reader may no longer read (asked of the server). Its code is
 * fetched only where Cache Storage exists, after the page is up: no page waits for it.
 */
export function useOfflineUpkeep(): void {
  useEffect(() => {
    if (!('caches' in window) || !('serviceWorker' in navigator)) return;
    const prune = () =>
      void import('./downloads').then(({ listDownloads, pruneDownloads }) =>
        listDownloads().length > 0 ? pruneDownloads() : undefined,
      );
    prune();
    window.addEventListener('online', prune);
    return () => window.removeEventListener('online', prune);
  }, []);
}
