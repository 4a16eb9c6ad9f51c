import { Link } from 'react-router';
import { useAlsoRead } from '../lib/also-read/also-read';
import { useT } from '../lib/i18n/i18n-context';
import { CoverImage } from './cover-image';
import '../lib/i18n/also-read-messages';

export interface AlsoReadProps {
  seriesId: string;
  /** How many series: a row of the series page, or the few a chapter's end has room for. */
  limit: number;
}

/**
 * "Readers also read" (issue 39 §5), or "More like this" when the series has no readers' pairs yet:
 * a row of covers and titles, in the site's classes (the reader's theme redraws them). Draws nothing
 * when there is nothing to offer or the call failed.
 */
export function AlsoRead({ seriesId, limit }: AlsoReadProps) {
  const t = useT();
  const { data, isPending } = useAlsoRead(seriesId, limit);
  if (isPending) return <div className="min-h-48" aria-busy="true" aria-label={t('common.alsoRead.loading')} />;
  if (!data || data.items.length === 0) return null;
  const headingId = `also-read-${seriesId}`;
  return (
    <section aria-labelledby={headingId} className="mx-auto w-full max-w-5xl px-4 py-8" data-testid="also-read">
      <h2 id={headingId} className="text-lg font-bold text-white">
        {t(data.basis === 'readers' ? 'common.alsoRead.readers' : 'common.alsoRead.genres')}
      </h2>
      <ul className="mt-4 grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
        {data.items.map((series) => (
          <li key={series.id}>
            <Link to={`/SeriesView/${series.slug}`} className="group block">
              <CoverImage cover={series.cover} title={series.title} className="rounded-lg transition group-hover:opacity-90" />
              <span className="mt-2 line-clamp-2 text-sm font-semibold leading-snug text-zinc-200">{series.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
