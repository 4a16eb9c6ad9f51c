import { BOOKMARK_SORTS } from '@inkwell/contract';
import { Bookmark } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { primaryButton } from '../../../components/button-styles';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { useToast } from '../../../components/toast/toast-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBookmarks, type BookmarkSort } from '../api/list-bookmarks';
import { useRemoveBookmark } from '../api/remove-bookmark';
import { BookmarkItem, BookmarkListSkeleton } from '../components/bookmark-item';
import '../messages';

const SORT_LABELS: Record<BookmarkSort, string> = {
  updated: 'library.bookmarks.sort.updated',
  title: 'library.bookmarks.sort.title',
  added: 'library.bookmarks.sort.added',
};

const sortOf = (params: URLSearchParams): BookmarkSort => {
  const sort = params.get('sort');
  return BOOKMARK_SORTS.find((known) => known === sort) ?? 'updated';
};
const pageOf = (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * /profile/bookmarks (Reader's Area): the series the reader follows, with each one's latest
 * chapter, unread count and a Continue button; sorted by latest update, title or date added. The
 * sort and page live in the URL.
 */
export default function BookmarksPage() {
  const t = useT();
  useDocumentTitle(t('library.bookmarks.title'));
  const [params, setParams] = useSearchParams();
  const sort = sortOf(params);
  const page = pageOf(params);
  const bookmarks = useBookmarks(sort, page);
  const remove = useRemoveBookmark();
  const toast = useToast();
  const sortId = useId();

  const handleSort = (next: string) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 'updated') updated.delete('sort');
      else updated.set('sort', next);
      updated.delete('page');
      return updated;
    });

  const handleRemove = (seriesId: string, title: string) =>
    remove.mutate(seriesId, {
      onSuccess: () => toast({ message: t('library.bookmarks.removed', { title }), type: 'success', duration: 3000 }),
      onError: () => toast({ message: t('library.bookmarks.removeFailed'), type: 'error', duration: 5000 }),
    });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-white">{t('library.bookmarks.title')}</h2>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm text-zinc-400">
            {t('library.bookmarks.sortBy')}
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => handleSort(event.target.value)}
            className="rounded-lg border border-ink-700 bg-ink-900 px-3 py-1.5 text-sm text-zinc-100"
          >
            {BOOKMARK_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(SORT_LABELS[value])}
              </option>
            ))}
          </select>
        </div>
      </div>

      {bookmarks.isError ? (
        <LoadError message={t('library.bookmarks.loadError')} onRetry={() => void bookmarks.refetch()} />
      ) : bookmarks.isPending ? (
        <BookmarkListSkeleton />
      ) : bookmarks.data.items.length === 0 ? (
        page > 1 ? (
          <p className="text-zinc-400">
            {t('library.bookmarks.emptyPage')}{' '}
            <Link to="/profile/bookmarks" className="text-accent-400 hover:underline">
              {t('library.firstPage')}
            </Link>
          </p>
        ) : (
          <div className="rounded-xl border border-dashed border-ink-700 px-6 py-12 text-center">
            <Bookmark className="mx-auto size-10 text-zinc-500" aria-hidden />
            <h3 className="mt-3 text-lg font-semibold text-white">{t('library.bookmarks.emptyTitle')}</h3>
            <p className="mx-auto mt-1 max-w-md text-sm text-zinc-400">{t('library.bookmarks.emptyText')}</p>
            <Link to="/comics" className={`${primaryButton} mt-5`}>
              {t('library.bookmarks.browse')}
            </Link>
          </div>
        )
      ) : (
        <>
          <ul
            className={`space-y-3 ${bookmarks.isPlaceholderData ? 'opacity-60' : ''}`}
            aria-label={t('library.bookmarks.listLabel')}
          >
            {bookmarks.data.items.map((item) => (
              <BookmarkItem
                key={item.series.id}
                item={item}
                isRemoving={remove.isPending && remove.variables === item.series.id}
                onRemove={() => handleRemove(item.series.id, item.series.title)}
              />
            ))}
          </ul>
          <Pagination page={bookmarks.data.pagination.page} totalPages={bookmarks.data.pagination.totalPages} />
        </>
      )}
    </div>
  );
}
