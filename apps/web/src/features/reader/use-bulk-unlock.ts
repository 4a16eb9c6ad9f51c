import type { ChapterContent, SessionUser } from '@inkwell/contract';
import { useToast } from '../../components/toast/toast-context';
import { useChaptersForSale } from '../../lib/wallet/chapters-for-sale';
import { lockedRunFrom } from '../../lib/wallet/locked-run';
import { useUnlockChapters } from '../../lib/wallet/unlock';
import { useT } from '../../lib/i18n/i18n-context';
import './lock-messages';

/**
 * Unlocking what follows a locked chapter in one go: the run of chapters for sale from it (a long
 * series' may reach far past the reader's answer), and the unlock with its toast.
 */
export function useBulkUnlock(data: ChapterContent, user: SessionUser | null) {
  const toast = useToast();
  const t = useT();
  const unlockMany = useUnlockChapters();
  const forSale = useChaptersForSale(data.series.slug, data.chapter.number, Boolean(user));
  const run = user && forSale.data ? lockedRunFrom(forSale.data.items, data.chapter.number) : [];
  const handleBulkUnlock = (chapterIds: string[]) =>
    unlockMany.mutateAsync({ seriesId: data.series.id, chapterIds }).then((result) =>
      toast({
        message:
          result.charged > 0
            ? t('reader.toast.bulkFor', { count: chapterIds.length, coins: result.charged })
            : t('reader.toast.bulk'),
        type: 'success',
        duration: 4000,
      }),
    );
  return { run, total: forSale.data?.total, handleBulkUnlock };
}
