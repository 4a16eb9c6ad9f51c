import type { ProgressInput } from '@inkwell/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, callApiData } from '../api-client';
import { useAuth } from '../auth/auth-context';
import { saveLocalProgress } from './local-progress';
import { recordSavedProgress } from './series-progress';

export interface ProgressTarget {
  chapterId: string;
  seriesId: string;
}

/**
 * Saves where the viewer is in a chapter: on the server for a signed-in reader (so their other
 * devices resume there), in this browser for a visitor (merged into the account on sign-in).
 * `keepalive` lets the request finish while the page is being left. The function is bound to the
 * viewer it was made for: a reader's place never goes to the visitor's store (issue 32 §3).
 */
export function useSaveProgress() {
  const client = useQueryClient();
  const { user, preview } = useAuth();
  const userId = user?.id ?? null;
  const isPreviewing = preview !== null;
  return useCallback(
    async (target: ProgressTarget, input: ProgressInput, options: { keepalive?: boolean } = {}) => {
      // A team member previewing the site keeps no place, theirs or a visitor's (issue 22 §3).
      if (isPreviewing) return;
      if (userId === null) {
        saveLocalProgress(null, target.chapterId, target.seriesId, input);
        return;
      }
      let saved;
      try {
        saved = await callApiData('progressSave', {
          params: { chapterId: target.chapterId },
          // A place keeps this browser's id, so it is kept apart from the reader's other devices' (issue 39 §1);
          // its code comes with the reader's places, not with the page.
          body:
            input.page === undefined && input.position === undefined
              ? input
              : { ...input, deviceId: (await import('./device-id')).thisDeviceId() },
          ...(options.keepalive ? { keepalive: true } : {}),
        });
      } catch (error) {
        // Offline (issue 21 §3): kept in this browser with its time, and merged when the network is back.
        if (error instanceof ApiError || navigator.onLine) throw error;
        saveLocalProgress(userId, target.chapterId, target.seriesId, input);
        return;
      }
      recordSavedProgress(client, target.seriesId, saved);
    },
    [client, userId, isPreviewing],
  );
}
