import type { EndpointQuery, TeamComment } from '@inkwell/contract';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { secondaryButton } from '../../../components/button-styles';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RoleTag } from '../../../components/role-tag';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ListFrame, SearchBox } from '../components/list-frame';
import { useListParams } from '../components/use-list-params';
import { useDeleteTeamComment, useSetCommentHidden, useTeamComments } from './api/team-comments';
import '../messages';

type Status = EndpointQuery<'teamComments'>['status'];
const TABS: { value: NonNullable<Status>; label: string }[] = [
  { value: 'all', label: 'dashboard.comments.tab.newest' },
  { value: 'reported', label: 'dashboard.comments.tab.reported' },
  { value: 'hidden', label: 'dashboard.comments.tab.hidden' },
];

/** Tab, words, user and page live in the URL, so a view can be reloaded and shared. */
function useModerationQuery() {
  const { params, text, setText, setFilters: update, q, page } = useListParams();

  const status = TABS.find((tab) => tab.value === params.get('status'))?.value ?? 'all';
  const userId = params.get('userId') ?? '';
  const userName = params.get('user') ?? '';
  const query = useMemo(
    (): EndpointQuery<'teamComments'> => ({ status, page, ...(q ? { q } : {}), ...(userId ? { userId } : {}) }),
    [status, page, q, userId],
  );
  return { text, setText, status, userId, userName, query, update };
}

const whereLink = (comment: TeamComment) =>
  `/SeriesView/${comment.series.slug}${comment.chapter ? `/${comment.chapter.slug}` : ''}#comment-${comment.id}`;

function ModerationCard({ comment, onUser }: { comment: TeamComment; onUser(): void }) {
  const t = useT();
  const format = useFormat();
  const setHidden = useSetCommentHidden();
  const remove = useDeleteTeamComment();
  const toast = useToast();
  const [isDeleting, setIsDeleting] = useState(false);

  const toggleHidden = async () => {
    try {
      await setHidden.mutateAsync({ id: comment.id, hidden: !comment.hidden });
      toast({
        message: comment.hidden ? t('dashboard.comments.restored') : t('dashboard.comments.hiddenToast'),
        type: 'success',
      });
    } catch (error) {
      toast({ message: error instanceof ApiError ? error.message : t('dashboard.comments.changeFailed'), type: 'error' });
    }
  };

  return (
    <li className="rounded-xl border border-ink-800 bg-ink-900 p-4">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-semibold text-zinc-100">{comment.author.username}</span>
        <RoleTag role={comment.author.role} />
        <time dateTime={comment.createdAt} className="text-xs text-zinc-400">
          {format.timeFromNow(comment.createdAt)}
        </time>
        {comment.parentId && <span className="text-xs text-zinc-400">{t('dashboard.comments.reply')}</span>}
        {comment.isSpoiler && <span className="text-xs font-semibold text-amber-300">{t('dashboard.comments.spoiler')}</span>}
        {comment.hidden && (
          <span className="rounded bg-ink-700 px-1.5 py-0.5 text-xs font-semibold text-zinc-200">
            {t('dashboard.comments.hidden')}
          </span>
        )}
        {comment.reportCount > 0 && (
          <span className="rounded bg-rose-500/20 px-1.5 py-0.5 text-xs font-semibold text-rose-300">
            {t('dashboard.comments.reports', { count: comment.reportCount })}
          </span>
        )}
      </div>
      <p className="mt-1 text-xs text-zinc-400">
        {richText(t('dashboard.comments.on'), {
          link: () => (
            <Link to={whereLink(comment)} className="text-accent-400 hover:underline">
              {comment.chapter
                ? t('dashboard.comments.whereChapter', { series: comment.series.title, number: comment.chapter.number })
                : comment.series.title}
            </Link>
          ),
        })}
      </p>
      <p className="mt-2 whitespace-pre-wrap break-words text-sm text-zinc-200">{comment.body}</p>
      {comment.reports.length > 0 && (
        <ul
          className="mt-3 space-y-1 rounded-lg bg-ink-950 p-3 text-xs text-zinc-300"
          aria-label={t('dashboard.comments.reportsList')}
        >
          {comment.reports.map((report) => (
            <li key={`${report.username}-${report.createdAt}`}>
              <span className="font-semibold">{report.username}</span>:{' '}
              <span className="whitespace-pre-wrap break-words">{report.reason}</span>{' '}
              <span className="text-zinc-400">· {format.timeFromNow(report.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={() => void toggleHidden()} disabled={setHidden.isPending}>
          {comment.hidden ? t('dashboard.comments.restore') : t('dashboard.comments.hide')}
        </button>
        <button type="button" className={`${secondaryButton} text-rose-300`} onClick={() => setIsDeleting(true)}>
          {t('dashboard.comments.delete')}
        </button>
        <button type="button" className={secondaryButton} onClick={onUser}>
          {t('dashboard.comments.otherComments')}
        </button>
      </div>
      {isDeleting && (
        <ConfirmDialog
          title={t('dashboard.comments.deleteTitle')}
          confirmLabel={t('dashboard.comments.delete')}
          onConfirm={async () => {
            await remove.mutateAsync(comment.id);
            toast({ message: t('dashboard.comments.deleted'), type: 'success' });
          }}
          onClose={() => setIsDeleting(false)}
          renderError={(error) => (error instanceof ApiError ? error.message : t('dashboard.comments.deleteFailed'))}
        >
          {comment.parentId ? t('dashboard.comments.deleteReplyNote') : t('dashboard.comments.deleteNote')}
        </ConfirmDialog>
      )}
    </li>
  );
}

/** /Dashboard/Comments: the newest, reported and hidden comments, where each belongs, and what to do with it. */
export default function CommentsPage() {
  const t = useT();
  useDocumentTitle(t('dashboard.comments.title'));
  const { text, setText, status, userId, userName, query, update } = useModerationQuery();
  const list = useTeamComments(query);

  return (
    <ListFrame
      title={t('dashboard.comments.title')}
      description={t('dashboard.comments.description')}
      filters={
        <>
          <div role="tablist" aria-label={t('dashboard.comments.which')} className="flex rounded-lg bg-ink-900 p-1">
            {TABS.map((tab) => (
              <button
                key={tab.value}
                type="button"
                role="tab"
                aria-selected={status === tab.value}
                onClick={() => update({ status: tab.value === 'all' ? null : tab.value })}
                className={`rounded-md px-3 py-1.5 text-sm ${status === tab.value ? 'bg-ink-700 font-semibold text-zinc-100' : 'text-zinc-400 hover:text-zinc-100'}`}
              >
                {t(tab.label)}
              </button>
            ))}
          </div>
          <SearchBox
            value={text}
            onChange={setText}
            placeholder={t('dashboard.comments.searchPlaceholder')}
            label={t('dashboard.comments.searchLabel')}
            className="w-full sm:w-72"
          />
          {userId && (
            <p className="flex w-full flex-wrap items-center gap-2 text-sm text-zinc-300">
              {richText(userName ? t('dashboard.comments.by', { username: userName }) : t('dashboard.comments.byThisUser'), {
                name: (words) => <span className="font-semibold">{words}</span>,
              })}
              <button
                type="button"
                className="text-accent-400 hover:underline"
                onClick={() => update({ userId: null, user: null })}
              >
                {t('dashboard.comments.showEveryone')}
              </button>
            </p>
          )}
        </>
      }
      query={list}
      loading={t('dashboard.comments.loading')}
      error={t('dashboard.comments.loadFailed')}
      empty={t('dashboard.comments.empty')}
    >
      {(comments) => (
        <ul className="space-y-3">
          {comments.map((comment) => (
            <ModerationCard
              key={comment.id}
              comment={comment}
              onUser={() => update({ userId: comment.author.id, user: comment.author.username, status: null })}
            />
          ))}
        </ul>
      )}
    </ListFrame>
  );
}
