import type { ChapterSummary, SessionUser } from '@inkwell/contract';
import { useEffect, useRef } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { isForSale } from '../../lib/wallet/locked-run';
import { useUnlockChapter } from '../../lib/wallet/unlock';
import { useT, type Translate } from '../../lib/i18n/i18n-context';
import './lock-messages';

/**
 * The store's auto-unlock: a reader who chose it (for every series, or for this one while
 * unlocking a chapter of it), opening a locked chapter they have the coins for, gets it unlocked
 * at once, with a toast. Decided once per chapter as it opens (so ticking
 * the option on a locked chapter does not spend coins there, and StrictMode's second effect run
 * or a re-render never asks twice); `isReady` holds the decision until the chapter is fresh.
 */
export function useAutoUnlock(chapter: ChapterSummary, user: SessionUser | null, isOnForSeries: boolean, isReady: boolean) {
  const unlock = useUnlockChapter();
  const toast = useToast();
  const t = useT();
  const decidedFor = useRef<string | null>(null);
  const { mutateAsync } = unlock;

  useEffect(() => {
    if (!isReady || decidedFor.current === chapter.id) return;
    decidedFor.current = chapter.id;
    if (!user || !(user.autoUnlock || isOnForSeries) || !isForSale(chapter) || user.coins < chapter.price) return;
    // The promise, not mutate's callbacks: the panel is gone by the time the chapter has reopened.
    mutateAsync({ chapterId: chapter.id }).then(
      (result) => toast({ message: unlockedMessage(t, result.charged), type: 'success', duration: 4000 }),
      () => toast({ message: t('reader.toast.autoFailed'), type: 'error', duration: 5000 }),
    );
  }, [chapter, user, isOnForSeries, isReady, mutateAsync, toast, t]);

  return unlock;
}

/** The toast after an unlock: what it cost (nothing when it was already open). */
export const unlockedMessage = (t: Translate, charged: number) =>
  charged > 0 ? t('reader.toast.unlockedFor', { coins: charged }) : t('reader.toast.unlocked');
