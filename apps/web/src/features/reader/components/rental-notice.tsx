import type { ChapterSummary } from '@inkwell/contract';
import { Clock } from 'lucide-react';
import { useToast } from '../../../components/toast/toast-context';
import { UnlockError } from '../../../components/unlock-error';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { getCoinsHref, useUnlockChapter } from '../../../lib/wallet/unlock';
import '../messages';

/**
 * A chapter open to the reader by a rental (their pass, the daily free): until when, and a way to
 * keep it for good at its price (issue 32: buying a rented chapter makes it the reader's own).
 */
export function RentalNotice({
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
  const format = useFormat();
  // The toast follows the promise, not the mutation's callbacks: this notice is gone (the
  // chapter is owned) by the time the unlock has refreshed the page.
  const handleKeep = () =>
    buy.mutateAsync({ chapterId: chapter.id, method: 'coins' }).then(
      () => toast({ message: t('reader.rental.kept'), type: 'success', duration: 4000 }),
      () => {}, // shown below, from the mutation's error
    );
  return (
    <div className="mx-auto mt-3 flex w-fit max-w-[calc(100%-1.5rem)] flex-col items-center gap-1">
      <p
        className={`flex flex-wrap items-center justify-center gap-2 rounded-full px-3 py-1 text-xs font-medium ${className}`}
        data-testid="open-until"
      >
        <Clock className="size-3.5" aria-hidden />
        {t('reader.rental.until', { date: format.dateTime(openUntil) })}
        {chapter.price > 0 && (
          <button
            type="button"
            onClick={handleKeep}
            disabled={buy.isPending}
            className="rounded-full border border-current px-2 py-0.5 font-semibold hover:opacity-80 disabled:opacity-60"
          >
            {buy.isPending ? t('reader.rental.buying') : t('reader.rental.keep', { price: chapter.price })}
          </button>
        )}
      </p>
      {buy.isError && (
        <div role="alert" className="text-xs">
          <UnlockError error={buy.error} getCoinsHref={getCoinsHref({ returnTo: chapterPath, unlock: chapter.id })} />
        </div>
      )}
    </div>
  );
}
