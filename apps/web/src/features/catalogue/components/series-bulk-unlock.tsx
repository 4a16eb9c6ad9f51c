import type { SeriesDetail } from '@inkwell/contract';
import { ChevronDown, Coins } from 'lucide-react';
import { useAuth } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import { lazyPart } from '../../../lib/lazy-part';
import { useChaptersForSale } from '../../../lib/wallet/chapters-for-sale';
import { lockedRunFrom } from '../../../lib/wallet/locked-run';
import '../messages';

/** What the box holds (series-bulk-unlock-body.tsx), fetched as the box is drawn: it is folded meanwhile. */
const SeriesBulkUnlockBody = lazyPart('series-bulk-unlock', () =>
  import('./series-bulk-unlock-body').then((module) => module.SeriesBulkUnlockBody),
);

/**
 * A reader's bulk unlock on the series page: the next 5, 10 or all chapters still locked, from
 * the first of them, charged once. Folded by default; the list below shows the unlocks as soon
 * as they are made (the mutation asks the series again and waits for it). The series answer says
 * how many are for sale; which ones (a long series' may be far from its newest page) are asked for.
 */
export function SeriesBulkUnlock({ series }: { series: SeriesDetail }) {
  const t = useT();
  const { user } = useAuth();
  const isOffered = Boolean(user) && series.forSaleCount >= 2;
  const forSale = useChaptersForSale(series.slug, undefined, isOffered);
  if (!user || !isOffered) return null;
  const run = lockedRunFrom(forSale.data?.items ?? [], -Infinity);

  return (
    <details className="group mb-3 rounded-xl border border-amber-500/30 bg-ink-900" data-testid="series-bulk-unlock">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 text-sm hover:bg-ink-800 [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-2 whitespace-nowrap font-semibold text-white">
          <Coins className="size-4 text-amber-300" aria-hidden />
          {t('catalogue.bulk.title')}
        </span>
        <span className="flex items-center gap-2 text-zinc-400">
          <span className="whitespace-nowrap">
            {run[0]
              ? richText(t('catalogue.bulk.lockedFrom', { count: series.forSaleCount, number: run[0].number }), {
                  wide: (words) => <span className="hidden sm:inline">{words}</span>,
                })
              : t('catalogue.bulk.locked', { count: series.forSaleCount })}
          </span>
          <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden />
        </span>
      </summary>
      <div className="px-4 pb-4">
        <SeriesBulkUnlockBody series={series} user={user} run={run} total={forSale.data?.total} />
      </div>
    </details>
  );
}
