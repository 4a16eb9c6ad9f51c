import type { SeriesDetail, SessionUser } from '@inkwell/contract';
import { BulkUnlock } from '../../../components/bulk-unlock';
import { useToast } from '../../../components/toast/toast-context';
import { useT } from '../../../lib/i18n/i18n-context';
import type { PricedChapter } from '../../../lib/wallet/locked-run';
import { getCoinsHref, useUnlockChapters } from '../../../lib/wallet/unlock';
import '../messages';

/**
 * The series page's bulk unlock itself, inside its folded box (series-bulk-unlock.tsx): a chunk of
 * its own with the unlock, its confirmation and its errors, drawn only for a signed-in reader of a
 * series with chapters for sale, so a visitor's series page never loads it (issue 35).
 */
export function SeriesBulkUnlockBody({
  series,
  user,
  run,
  total,
}: {
  series: SeriesDetail;
  user: SessionUser;
  run: PricedChapter[];
  total: number | undefined;
}) {
  const t = useT();
  const unlockMany = useUnlockChapters();
  const toast = useToast();

  const handleUnlock = (chapterIds: string[]) =>
    unlockMany.mutateAsync({ seriesId: series.id, chapterIds }).then((result) =>
      toast({
        message:
          result.charged > 0
            ? t('catalogue.bulk.unlocked', { count: chapterIds.length, coins: result.charged })
            : t('catalogue.bulk.unlockedFree'),
        type: 'success',
        duration: 4000,
      }),
    );

  return (
    <BulkUnlock
      seriesId={series.id}
      legend={t('catalogue.bulk.legend')}
      run={run}
      total={total}
      balance={user.coins}
      getCoinsHref={getCoinsHref({ returnTo: `/SeriesView/${series.slug}` })}
      onUnlock={handleUnlock}
    />
  );
}
