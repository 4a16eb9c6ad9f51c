import { useT } from '../../../lib/i18n/i18n-context';
import { SeriesGridSkeleton, SeriesRowSkeleton } from './series-card';
import '../messages';

// Loading states drawn in the loaded page's boxes (same paddings, cover sizes and rows), shown
// while a route's code and data load on a cold start and whenever a page has to wait again. The
// series page's own lives apart (series-page-skeleton.tsx): it has no cards, so the series page,
// which draws it while it waits, does not load them.

const bar = 'animate-pulse rounded bg-ink-900';

export function HomePageSkeleton() {
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6" aria-busy="true" aria-label={t('catalogue.skeleton.home')}>
      <div className="aspect-[2/1] w-full animate-pulse rounded-2xl bg-ink-900 sm:aspect-[16/5]" />
      <div className="mt-10">
        <div className={`mb-4 h-7 w-40 ${bar}`} />
        <SeriesRowSkeleton />
      </div>
    </div>
  );
}

export function CataloguePageSkeleton() {
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8" aria-busy="true" aria-label={t('catalogue.skeleton.list')}>
      <div className={`h-9 w-40 ${bar}`} />
      <div className={`mt-2 h-5 w-72 max-w-full ${bar}`} />
      <div className="mt-8">
        <SeriesGridSkeleton />
      </div>
    </div>
  );
}
