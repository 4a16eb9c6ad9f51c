import { useEffect } from 'react';
import { canKeepOffline, pruneDownloads } from './downloads';

/**
 * Issue 21 §3, on each start of the app and each return of the network: kept chapters past their
 * 30 days go, and so does any the reader may no longer read (asked of the server).
 */
export function useOfflineUpkeep(): void {
  useEffect(() => {
    if (!canKeepOffline()) return;
    void pruneDownloads();
    const onOnline = () => void pruneDownloads();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);
}
