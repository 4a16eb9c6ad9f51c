import { useT } from '../../../lib/i18n/i18n-context';
import '../messages';

const bar = 'animate-pulse rounded bg-ink-900';

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
