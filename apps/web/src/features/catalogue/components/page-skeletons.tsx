import { useT } from '../../../lib/i18n/i18n-context';
import { SeriesGridSkeleton, SeriesRowSkeleton } from './series-card';
import '../messages';

// Loading states drawn in the loaded page's boxes (same paddings, cover sizes and rows), shown
// while a route's code and data load on a cold start and whenever a page has to wait again.

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

/** The series page's frame: its cover box, title lines and the first chapter rows. */
export function SeriesPageSkeleton() {
  const t = useT();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8" aria-busy="true" aria-label={t('catalogue.skeleton.series')}>
      <div className="flex flex-col gap-6 sm:flex-row">
        <div className="aspect-[2/3] w-44 shrink-0 animate-pulse self-center rounded-xl bg-ink-900 sm:w-56 sm:self-start" />
        <div className="min-w-0 flex-1 space-y-3">
          <div className={`h-5 w-40 ${bar}`} />
          <div className={`h-9 w-2/3 ${bar}`} />
          <div className={`h-4 w-1/2 ${bar}`} />
          <div className={`h-20 w-full ${bar}`} />
          <div className={`h-10 w-64 ${bar}`} />
        </div>
      </div>
      <div className="mt-10">
        <div className={`mb-3 h-8 w-40 ${bar}`} />
        <ul className="divide-y divide-ink-800 overflow-hidden rounded-xl border border-ink-800 bg-ink-900">
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i} className="h-12 px-4 py-3">
              <div className="h-5 w-40 animate-pulse rounded bg-ink-800" />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
