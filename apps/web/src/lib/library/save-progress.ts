import type { ProgressInput } from '@inkwell/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApiData } from '../api-client';
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
 * `keepalive` lets the request finish while the page is being left.
 */
export function useSaveProgress() {
  const client = useQueryClient();
  const { user } = useAuth();
  const isSignedIn = user !== null;
  return useCallback(
    async (target: ProgressTarget, input: ProgressInput, options: { keepalive?: boolean } = {}) => {
      if (!isSignedIn) {
        saveLocalProgress(target.chapterId, target.seriesId, input);
        return;
      }
      const saved = await callApiData('progressSave', {
        params: { chapterId: target.chapterId },
        body: input,
        ...(options.keepalive ? { keepalive: true } : {}),
      });
      recordSavedProgress(client, target.seriesId, saved);
    },
    [client, isSignedIn],
  );
}
