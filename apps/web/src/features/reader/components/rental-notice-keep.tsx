import type { ChapterSummary } from '@inkwell/contract';
import { useToast } from '../../../components/toast/toast-context';
import { UnlockError } from '../../../components/unlock-error';
import { useT } from '../../../lib/i18n/i18n-context';
import { getCoinsHref, useUnlockChapter } from '../../../lib/wallet/unlock';
import { keepButtonClass, RentalNoticeLine } from './rental-notice-line';
import '../messages';

/**
 * A rented chapter's notice with its working keep button (rental-notice.tsx): buying a rented
 * chapter makes it the reader's own (issue 32).
 */
export function RentalNoticeKeep({
  chapter,
  openUntil,
  chapterPath,
  className,
}: {
  chapter: Pick<ChapterSummary, 'id' | 'price'>;
  openUntil: string;
  chapterPath: string;
  className: string;
}) {
  const buy = useUnlockChapter();
  const toast = useToast();
  const t = useT();
  // The toast follows the promise, not the mutation's callbacks: this notice is gone (the
  // chapter is owned) by the time the unlock has refreshed the page.
  const handleKeep = () =>
    buy.mutateAsync({ chapterId: chapter.id, method: 'coins' }).then(
      () => toast({ message: t('reader.rental.kept'), type: 'success', duration: 4000 }),
      () => {}, // shown below, from the mutation's error
    );
  return (
    <RentalNoticeLine
      openUntil={openUntil}
      className={className}
      after={
        buy.isError && (
          <div role="alert" className="text-xs">
            <UnlockError error={buy.error} getCoinsHref={getCoinsHref({ returnTo: chapterPath, unlock: chapter.id })} />
          </div>
        )
      }
    >
      {chapter.price > 0 && (
        <button type="button" onClick={handleKeep} disabled={buy.isPending} className={keepButtonClass}>
          {buy.isPending ? t('reader.rental.buying') : t('reader.rental.keep', { price: chapter.price })}
        </button>
      )}
    </RentalNoticeLine>
  );
}
