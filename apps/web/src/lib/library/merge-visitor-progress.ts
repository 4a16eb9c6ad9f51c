import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { callApiData } from '../api-client';
import { useAuth } from '../auth/auth-context';
import { libraryKeys } from './library-keys';
import { clearLocalProgress, readLocalProgress } from './local-progress';

/**
 * Issue 9 §1: what a visitor read in this browser joins their account when they sign in (or
 * register); the local copy is then cleared. So does what a reader read offline. If the merge fails it is kept and tried again on
 * the next page load.
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
    const entries = Object.entries(readLocalProgress()).map(([chapterId, entry]) => ({
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
        clearLocalProgress();
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
