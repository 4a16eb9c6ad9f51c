import type { ChapterSummary, SessionUser } from '@inkwell/contract';
import { useState } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { ApiError } from '../../lib/api-client';
import { useFormat } from '../../lib/i18n/format';
import { useT } from '../../lib/i18n/i18n-context';
import './lock-messages';
import { unlockedMessage, useAutoUnlock } from './use-auto-unlock';

/**
 * One unlock for the chapter, whether auto-unlock, the Unlock button (after its confirmation, and
 * perhaps turning auto-unlock on for the series) or a free way (the series' pass or daily free)
 * starts it, each with its toast.
 */
export function useUnlockFlow({
  chapter,
  user,
  isOnForSeries,
  isReady,
}: {
  chapter: ChapterSummary;
  user: SessionUser | null;
  isOnForSeries: boolean;
  /** Auto-unlock decides only once this holds (a fresh chapter, a settled session and series list). */
  isReady: boolean;
}) {
  const toast = useToast();
  const t = useT();
  const format = useFormat();
  const [alsoForSeries, setAlsoForSeries] = useState(false);
  const unlock = useAutoUnlock(chapter, user, isOnForSeries, isReady);
  const [isConfirming, setIsConfirming] = useState(false);

  const handleUnlock = () =>
    unlock
      .mutateAsync({ chapterId: chapter.id, autoUnlockSeries: alsoForSeries || undefined })
      .then((result) => toast({ message: unlockedMessage(t, result.charged), type: 'success', duration: 4000 }));

  const handleRent = (method: 'wait_pass' | 'daily_free') =>
    unlock.mutateAsync({ chapterId: chapter.id, method }).then(
      (result) =>
        toast({
          message: result.openUntil
            ? t('reader.toast.openUntil', { date: format.dateTimeWithZone(result.openUntil) })
            : t('reader.toast.unlocked'),
          type: 'success',
          duration: 5000,
        }),
      (error: unknown) =>
        toast({
          message: error instanceof ApiError ? error.message : t('reader.toast.openFailed'),
          type: 'error',
          duration: 5000,
        }),
    );

  return {
    isUnlocking: unlock.isPending,
    isConfirming,
    startConfirming: () => setIsConfirming(true),
    stopConfirming: () => setIsConfirming(false),
    alsoForSeries,
    setAlsoForSeries,
    handleUnlock,
    handleRent,
  };
}
export type UnlockFlow = ReturnType<typeof useUnlockFlow>;
