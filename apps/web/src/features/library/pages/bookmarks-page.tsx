// i18n: not yet in the catalogues (issue 35)
import { BOOKMARK_SORTS } from '@inkwell/contract';
import { Bookmark } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { primaryButton } from '../../../components/button-styles';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { useToast } from '../../../components/toast/toast-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBookmarks, type BookmarkSort } from '../api/list-bookmarks';
import { useRemoveBookmark } from '../api/remove-bookmark';
import { BookmarkItem, BookmarkListSkeleton } from '../components/bookmark-item';

const SORT_LABELS: Record<BookmarkSort, string> = { updated: 'Latest update', title: 'Title', added: 'Date added' };

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
  useDocumentTitle('Bookmarks');
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
      onSuccess: () => toast({ message: `${title} removed from your bookmarks`, type: 'success', duration: 3000 }),
      onError: () => toast({ message: 'The bookmark could not be removed. Please try again.', type: 'error', duration: 5000 }),
    });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-white">Bookmarks</h2>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm text-zinc-400">
            Sort by
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => handleSort(event.target.value)}
            className="rounded-lg border border-ink-700 bg-ink-900 px-3 py-1.5 text-sm text-zinc-100"
          >
            {BOOKMARK_SORTS.map((value) => (
              <option key={value} value={value}>
                {SORT_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {bookmarks.isError ? (
        <LoadError message="We could not load your bookmarks. Please try again." onRetry={() => void bookmarks.refetch()} />
      ) : bookmarks.isPending ? (
        <BookmarkListSkeleton />
      ) : bookmarks.data.items.length === 0 ? (
        page > 1 ? (
          <p className="text-zinc-400">
            Nothing on this page.{' '}
            <Link to="/profile/bookmarks" className="text-accent-400 hover:underline">
              Back to the first page
            </Link>
          </p>
        ) : (
          <div className="rounded-xl border border-dashed border-ink-700 px-6 py-12 text-center">
            <Bookmark className="mx-auto size-10 text-zinc-500" aria-hidden />
            <h3 className="mt-3 text-lg font-semibold text-white">No bookmarks yet</h3>
            <p className="mx-auto mt-1 max-w-md text-sm text-zinc-400">
              Bookmark a series from its page to follow it: it shows here with its new chapters and where you stopped.
            </p>
            <Link to="/comics" className={`${primaryButton} mt-5`}>
              Browse series
            </Link>
          </div>
        )
      ) : (
        <>
          <ul className={`space-y-3 ${bookmarks.isPlaceholderData ? 'opacity-60' : ''}`} aria-label="Bookmarked series">
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
