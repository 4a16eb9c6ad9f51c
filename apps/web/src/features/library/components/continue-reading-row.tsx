import type { HistoryItem } from '@inkwell/contract';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { CoverImage } from '../../../components/cover-image';
import { useAuth } from '../../../lib/auth/auth-context';
import { useT, type Translate } from '../../../lib/i18n/i18n-context';
import { useContinueReading } from '../api/history';

/** Where a card leads and what it says: the place to pick the series up, or the series page once all is read. */
// Home draws this row, so its words are common's (common.library.json): home does not load the library's.
export function continueTarget(t: Translate, entry: HistoryItem): { href: string; label: string; progress: number } {
  const base = `/SeriesView/${entry.series.slug}`;
  const next = entry.continue;
  if (next === null) return { href: base, label: t('common.library.readUpTo', { number: entry.chapter.number }), progress: 1 };
  if (next && next.chapterNumber !== entry.chapter.number) {
    return { href: `${base}/${next.chapterSlug}`, label: t('common.library.next', { number: next.chapterNumber }), progress: 0 };
  }
  const progress = entry.completed ? 1 : (entry.position ?? 0);
  return { href: `${base}/${entry.chapter.slug}`, label: t('common.chapter.number', { number: entry.chapter.number }), progress };
}

/**
 * Home's "Continue reading" row for a signed-in reader: the series read most recently, each
 * where it picks up, with how far into that chapter they are. Nothing for visitors, or before
 * anything was read.
 */
export function ContinueReadingRow() {
  const t = useT();
  const { user } = useAuth();
  const row = useContinueReading(user !== null);
  if (!user || !row.data || row.data.items.length === 0) return null;
  return (
    <section className="mt-10" aria-labelledby="continue-reading-heading">
      <div className="mb-4 flex items-end justify-between">
        <h2 id="continue-reading-heading" className="text-xl font-bold text-white">
          {t('common.library.continueReading')}
        </h2>
        <Link to="/profile/history" className="flex items-center gap-1 text-sm font-medium text-accent-400 hover:text-accent-300">
          {t('common.library.history')} <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      <ul className="-mx-4 flex snap-x gap-4 overflow-x-auto px-4 pb-2" data-testid="continue-reading">
        {row.data.items.map((entry) => {
          const target = continueTarget(t, entry);
          return (
            <li key={entry.series.id} className="w-32 shrink-0 snap-start sm:w-40">
              <Link to={target.href} className="group block">
                <div className="overflow-hidden rounded-xl border border-ink-800">
                  <CoverImage
                    cover={entry.series.cover}
                    title={entry.series.title}
                    className="transition group-hover:opacity-90"
                  />
                </div>
                <span className="mt-2 line-clamp-2 text-sm font-semibold leading-snug text-white group-hover:text-accent-400">
                  {entry.series.title}
                </span>
                <span className="mt-0.5 block truncate text-xs text-zinc-400">{target.label}</span>
                <span className="mt-1.5 block h-1 overflow-hidden rounded-full bg-ink-800" aria-hidden>
                  <span
                    className="block h-full rounded-full bg-accent-500"
                    style={{ width: `${Math.round(target.progress * 100)}%` }}
                  />
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
