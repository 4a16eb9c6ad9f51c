import type { Bookmark } from '@inkwell/contract';
import { Play, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { CoverImage } from '../../../components/cover-image';
import { StatusBadge } from '../../../components/status-badge';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import '../messages';

/** How many chapters are out that the reader has not read; "Up to date" when none. */
function UnreadBadge({ count }: { count: number }) {
  const t = useT();
  const format = useFormat();
  if (count === 0) return <span className="text-xs font-medium text-zinc-400">{t('library.bookmark.upToDate')}</span>;
  return (
    <span
      className="inline-flex h-6 items-center rounded-full bg-accent-600 px-2.5 text-xs font-bold text-white tabular-nums"
      data-testid="unread-count"
    >
      {t('library.bookmark.unread', { count, formatted: format.count(count) })}
    </span>
  );
}

/**
 * One followed series: its cover and title, its latest chapter and how long ago it came out,
 * how many chapters are unread, and where to continue (or start).
 */
export function BookmarkItem({ item, onRemove, isRemoving }: { item: Bookmark; onRemove(): void; isRemoving: boolean }) {
  const t = useT();
  const format = useFormat();
  const base = `/SeriesView/${item.series.slug}`;
  const resume = item.continue;
  const latest = item.latestChapter;
  const action = 'inline-flex items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold';
  return (
    <li className="flex gap-3 rounded-xl border border-ink-800 bg-ink-900 p-3 sm:gap-4 sm:p-4" data-testid="bookmark-item">
      <Link to={base} className="w-16 shrink-0 self-start overflow-hidden rounded-lg sm:w-20" tabIndex={-1} aria-hidden>
        <CoverImage cover={item.series.cover} title={item.series.title} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div className="min-w-0 space-y-1.5">
          <h3 className="font-semibold leading-snug text-white">
            <Link to={base} className="line-clamp-2 hover:text-accent-400">
              {item.series.title}
            </Link>
          </h3>
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <span className="font-bold uppercase tracking-wider text-zinc-400">{item.series.type}</span>
            <StatusBadge status={item.series.status} />
            <UnreadBadge count={item.unreadCount} />
          </div>
          {latest ? (
            <p className="text-sm text-zinc-400">
              {richText(
                t('library.bookmark.latest', {
                  chapter: format.chapterLabel(latest),
                  time: format.timeFromNow(latest.publishedAt),
                }),
                {
                  link: (words) => (
                    <Link
                      to={`${base}/${latest.slug}`}
                      className="text-zinc-200 underline decoration-zinc-500 underline-offset-2 hover:text-accent-400"
                    >
                      {words}
                    </Link>
                  ),
                  time: (words) => <time dateTime={latest.publishedAt}>{words}</time>,
                },
              )}
            </p>
          ) : (
            <p className="text-sm text-zinc-400">{t('library.bookmark.noChapters')}</p>
          )}
        </div>
        <div className="flex items-center gap-2 md:shrink-0">
          {resume ? (
            <Link to={`${base}/${resume.chapterSlug}`} className={`${action} bg-accent-600 text-white hover:bg-accent-500`}>
              <Play className="size-4" aria-hidden />
              {richText(t('library.bookmark.continue', { title: item.series.title, number: resume.chapterNumber }), {
                hidden: (words) => <span className="sr-only">{words}</span>,
              })}
            </Link>
          ) : item.unreadCount > 0 ? (
            <Link to={base} className={`${action} bg-accent-600 text-white hover:bg-accent-500`}>
              <Play className="size-4" aria-hidden />
              {richText(t('library.bookmark.start', { title: item.series.title }), {
                hidden: (words) => <span className="sr-only">{words}</span>,
              })}
            </Link>
          ) : null}
          <button
            type="button"
            onClick={onRemove}
            disabled={isRemoving}
            aria-label={t('library.bookmark.removeLabel', { title: item.series.title })}
            title={t('library.bookmark.remove')}
            className={`${action} bg-ink-800 text-zinc-300 hover:bg-ink-700 hover:text-rose-300 disabled:opacity-60`}
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        </div>
      </div>
    </li>
  );
}

/** The list's loading state, in the items' own boxes. */
export function BookmarkListSkeleton() {
  const t = useT();
  return (
    <ul className="space-y-3" aria-busy="true" aria-label={t('library.bookmarks.loading')}>
      {[0, 1, 2].map((n) => (
        <li key={n} className="flex gap-3 rounded-xl border border-ink-800 bg-ink-900 p-3 sm:gap-4 sm:p-4">
          <div className="aspect-[2/3] w-16 shrink-0 animate-pulse rounded-lg bg-ink-800 sm:w-20" />
          <div className="flex-1 space-y-2 py-1">
            <div className="h-4 w-1/2 animate-pulse rounded bg-ink-800" />
            <div className="h-3 w-1/3 animate-pulse rounded bg-ink-800" />
            <div className="h-3 w-2/5 animate-pulse rounded bg-ink-800" />
          </div>
        </li>
      ))}
    </ul>
  );
}
