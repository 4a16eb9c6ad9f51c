import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callApiData } from '../api-client';
import { useAuth } from '../auth/auth-context';
import { libraryKeys } from './library-keys';
import { clearLocalProgress, readLocalProgress } from './local-progress';

/**
 * Issue 9 §1: what a visitor read in this browser joins their account when they sign in (or
 * register); the local copy is then cleared. If the merge fails it is kept and tried again on
 * the next page load.
 */
export function useMergeVisitorProgress(): void {
  const client = useQueryClient();
  const { user } = useAuth();
  const userId = user?.id;
  const isRunning = useRef(false);

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
        // Kept in the browser: the next page load tries again.
      })
      .finally(() => {
        isRunning.current = false;
      });
  }, [client, userId]);
}
