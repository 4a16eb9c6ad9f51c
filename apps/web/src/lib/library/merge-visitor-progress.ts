import type { SessionUser } from '@inkwell/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { callApiData } from '../api-client';
import { useAuth } from '../auth/auth-context';
import { SESSION_QUERY_KEY } from '../auth/session-query';
import { claimBrowser } from '../browser-handover';
import { libraryKeys } from './library-keys';
import { clearLocalProgress, readLocalProgress } from './local-progress';

/**
 * Issue 9 §1: what a visitor read in this browser joins their account when they sign in (or
 * register); the local copy is then cleared. So does what a reader read offline. If the merge fails it is kept and tried again on
 * the next page load. Issue 32 §3: the browser is claimed for the reader first (lib/browser-handover.ts),
 * so the visitor's places become theirs alone and another account's kept data goes; only the
 * reader's own store is merged.
 */
export function useMergeVisitorProgress(): void {
  const client = useQueryClient();
  const { user } = useAuth();
  const userId = user?.id;
  const isRunning = useRef(false);

  // Kept places also come from a signed-in reader's time offline (issue 21 §3): merged once the
  // network is back, the newest place winning as in the library's rules.
  const [onlineAgain, setOnlineAgain] = useState(0);
  useEffect(() => {
    const onOnline = () => setOnlineAgain((count) => count + 1);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);

  useEffect(() => {
    if (!userId || isRunning.current) return;
    // A shared page hydrates with its class's stand-in session, the reader's own replacing it at
    // once (app/reader-data.tsx): the browser is claimed only for the session the cache holds now.
    if (client.getQueryData<SessionUser | null>(SESSION_QUERY_KEY)?.id !== userId) return;
    void claimBrowser(userId);
    const entries = Object.entries(readLocalProgress(userId)).map(([chapterId, entry]) => ({
      chapterId,
      page: entry.page,
      position: entry.position,
      completed: entry.completed,
      readAt: entry.readAt,
    }));
    if (entries.length === 0) return;
    isRunning.current = true;
    callApiData('progressMerge', { body: { entries } })
      .then(() => {
        clearLocalProgress(userId);
        return client.invalidateQueries({ queryKey: libraryKeys.all });
      })
      .catch(() => {
        // Kept in the browser: the next page load, or the network coming back, tries again.
      })
      .finally(() => {
        isRunning.current = false;
      });
  }, [client, userId, onlineAgain]);
}
