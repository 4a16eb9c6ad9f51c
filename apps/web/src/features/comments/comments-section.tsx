import { Link, useLocation } from 'react-router';
import { useEffect, useRef, useState } from 'react';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { LoadError } from '../../components/load-error';
import { useAuth } from '../../lib/auth/auth-context';
import { useFormat } from '../../lib/i18n/format';
import { useT } from '../../lib/i18n/i18n-context';
import type { CommentsTarget } from '../../lib/comments/comments-slot';
import type { CommentSort } from './api/comment-keys';
import { useComments } from './api/list-comments';
import { usePostComment } from './api/write-comments';
import { CommentCompose } from './components/comment-compose';
import { CommentThread } from './components/comment-item';
import './messages';

const SORTS: { value: CommentSort; label: string }[] = [
  { value: 'newest', label: 'comments.sort.newest' },
  { value: 'oldest', label: 'comments.sort.oldest' },
];

/**
 * Comments under a chapter or on a series page (issue 9 §4): newest or oldest first, "Load
 * more", a compose box for readers ("Log in to comment" for visitors), one level of replies.
 */
function CommentsSection({ target }: { target: CommentsTarget }) {
  const t = useT();
  const format = useFormat();
  const { user } = useAuth();
  const location = useLocation();
  const [sort, setSort] = useState<CommentSort>('newest');
  const comments = useComments(target, sort);
  const post = usePostComment(target);
  const isSignedIn = user !== null;
  const now = Date.now();
  // Replies count too: the header says how much talk there is, not how many threads.
  const total = comments.data?.pages[0]?.commentCount;
  const threads = comments.data?.pages.flatMap((page) => page.items) ?? [];

  // Opened from a link to one comment (a reply's notice): brought into view once it is on the page.
  const hasScrolled = useRef(false);
  useEffect(() => {
    if (hasScrolled.current || !location.hash.startsWith('#comment-') || !comments.data) return;
    const element = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (!element) return;
    hasScrolled.current = true;
    element.scrollIntoView({ block: 'center' });
  }, [comments.data, location.hash]);

  return (
    <section
      aria-labelledby="comments-heading"
      // Under a chapter it centres itself; on the series page it sits in the page's own column.
      className={target.chapterId ? 'mx-auto w-full max-w-3xl px-4 py-8' : 'mt-10 w-full max-w-3xl'}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="comments-heading" className="text-lg font-bold text-zinc-100">
          {total !== undefined ? t('comments.headingCount', { count: format.count(total) }) : t('comments.heading')}
        </h2>
        <div role="group" aria-label={t('comments.sort.label')} className="flex rounded-lg bg-ink-900 p-1">
          {SORTS.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={sort === option.value}
              onClick={() => setSort(option.value)}
              className={`rounded-md px-3 py-1 text-sm ${sort === option.value ? 'bg-ink-700 font-semibold text-zinc-100' : 'text-zinc-400 hover:text-zinc-100'}`}
            >
              {t(option.label)}
            </button>
          ))}
        </div>
      </div>

      {isSignedIn ? (
        <CommentCompose
          label={t('comments.add')}
          submitLabel={t('comments.post')}
          onSubmit={(input) => post.mutateAsync(input)}
        />
      ) : (
        <Link to="/login" state={{ from: location.pathname + location.search }} className={primaryButton}>
          {t('comments.logIn')}
        </Link>
      )}

      <div className="mt-4">
        {comments.isPending ? (
          <p className="py-6 text-sm text-zinc-400" aria-busy="true">
            {t('comments.loading')}
          </p>
        ) : comments.isError ? (
          <LoadError message={t('comments.loadError')} onRetry={() => void comments.refetch()} />
        ) : threads.length === 0 ? (
          <p className="py-6 text-sm text-zinc-400">{isSignedIn ? t('comments.emptySignedIn') : t('comments.empty')}</p>
        ) : (
          <ul>
            {threads.map((comment) => (
              <CommentThread key={comment.id} comment={comment} target={target} isSignedIn={isSignedIn} now={now} />
            ))}
          </ul>
        )}
        {comments.hasNextPage && (
          <div className="mt-4 flex justify-center">
            <button
              type="button"
              className={secondaryButton}
              disabled={comments.isFetchingNextPage}
              onClick={() => void comments.fetchNextPage()}
            >
              {comments.isFetchingNextPage ? t('comments.loadingMore') : t('comments.loadMore')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

export default CommentsSection;
