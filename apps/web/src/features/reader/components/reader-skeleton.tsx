import { useT } from '../../../lib/i18n/i18n-context';
import '../messages';

/**
 * The reader's frame while a chapter loads: the sticky chapter bar at its height, and a first page
 * at a comic page's usual shape, so the page that arrives takes the same place.
 */
export function ReaderSkeleton() {
  const t = useT();
  return (
    <div className="min-h-screen bg-ink-950" aria-busy="true" aria-label={t('reader.loading')}>
      <div className="sticky top-16 z-30 border-b border-ink-800 bg-ink-950/95">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-3">
          <div className="h-5 w-40 animate-pulse rounded bg-ink-900" />
          <div className="ml-auto h-8 w-48 animate-pulse rounded-lg bg-ink-900" />
        </div>
      </div>
      <div className="py-4">
        <div className="mx-auto aspect-[2/3] w-full max-w-[min(100%,900px)] animate-pulse bg-ink-900" />
      </div>
    </div>
  );
}
