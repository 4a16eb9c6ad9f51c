import type { HistoryItem as Entry } from '@inkwell/contract';
import { Check, X } from 'lucide-react';
import { Link } from 'react-router';
import { CoverImage } from '../../../components/cover-image';
import { useFormat } from '../../../lib/i18n/format';
import { useT, type Translate } from '../../../lib/i18n/i18n-context';
import '../messages';

/** Where the reader got to in a chapter, in words: read, a page, or a share of the way. */
export function placeLabel(t: Translate, entry: Pick<Entry, 'completed' | 'page' | 'position'>, type: string): string {
  if (entry.completed) return t('library.place.read');
  if (type === 'comic' && entry.page !== null) return t('library.place.page', { page: entry.page });
  if (entry.position !== null) return t('library.place.percent', { percent: Math.round(entry.position * 100) });
  if (entry.page !== null) return t('library.place.page', { page: entry.page });
  return t('library.place.opened');
}

/** One chapter the reader opened: its series, where they got to, when; a button takes it out of the history. */
export function HistoryItem({ entry, onRemove, isRemoving }: { entry: Entry; onRemove(): void; isRemoving: boolean }) {
  const href = `/SeriesView/${entry.series.slug}/${entry.chapter.slug}`;
  const t = useT();
  const format = useFormat();
  const label = format.chapterLabel(entry.chapter);
  return (
    <li className="flex items-center gap-3 px-3 py-3 sm:px-4" data-testid="history-item">
      <Link to={href} className="w-11 shrink-0 overflow-hidden rounded-md" tabIndex={-1} aria-hidden>
        <CoverImage cover={entry.series.cover} title={entry.series.title} />
      </Link>
      <div className="min-w-0 flex-1">
        <Link to={href} className="block hover:text-accent-400">
          <span className="block truncate text-sm font-semibold text-white">{entry.series.title}</span>
          <span className="block truncate text-sm text-zinc-300">{label}</span>
        </Link>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-zinc-400">
          <span className={entry.completed ? 'inline-flex items-center gap-1 font-semibold text-emerald-300' : 'text-sky-300'}>
            {entry.completed && <Check className="size-3" aria-hidden />}
            {placeLabel(t, entry, entry.series.type)}
          </span>
          <time dateTime={entry.readAt}>{format.timeFromNow(entry.readAt)}</time>
        </p>
      </div>
      <button
        type="button"
        onClick={onRemove}
        disabled={isRemoving}
        aria-label={t('library.history.removeLabel', { chapter: label, title: entry.series.title })}
        title={t('library.history.remove')}
        className="shrink-0 rounded-lg p-2 text-zinc-400 hover:bg-ink-800 hover:text-rose-300 disabled:opacity-60"
      >
        <X className="size-4" aria-hidden />
      </button>
    </li>
  );
}
