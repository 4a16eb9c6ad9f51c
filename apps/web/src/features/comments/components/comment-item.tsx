import { avatarSrc, type Comment, type CommentReply } from '@inkwell/contract';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RoleTag } from '../../../components/role-tag';
import { useToast } from '../../../components/toast/toast-context';
import type { CommentsTarget } from '../../../lib/comments/comments-slot';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDeleteComment, useEditComment, usePostComment, useReportComment } from '../api/write-comments';
import { CommentCompose, errorText } from './comment-compose';
import { CommentText, SpoilerText } from './comment-text';
import '../messages';

const linkButton = 'text-xs font-semibold text-zinc-400 hover:text-zinc-100';

function Avatar({ author }: { author: CommentReply['author'] }) {
  if (author.avatarUrl) {
    return (
      <img
        src={avatarSrc(author.avatarUrl, 'small', author.avatarVersion)}
        alt=""
        width={32}
        height={32}
        loading="lazy"
        className="size-8 shrink-0 rounded-full object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-ink-700 text-sm font-semibold text-zinc-300"
    >
      {author.username.slice(0, 1).toUpperCase()}
    </span>
  );
}

function ReportForm({ commentId, onDone }: { commentId: string; onDone(): void }) {
  const t = useT();
  const report = useReportComment();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const answer = await report.mutateAsync({ id: commentId, reason });
      toast({ message: answer.message, type: 'success' });
      onDone();
    } catch (caught) {
      setError(errorText(t, caught));
    }
  };
  return (
    <form onSubmit={handleSubmit} className="mt-2 flex flex-wrap items-center gap-2">
      <label className="sr-only" htmlFor={`report-${commentId}`}>
        {t('comments.report.label')}
      </label>
      <input
        id={`report-${commentId}`}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={500}
        placeholder={t('comments.report.placeholder')}
        className="min-w-0 flex-1 rounded-lg border border-ink-700 bg-ink-900 px-3 py-1.5 text-sm text-zinc-100"
      />
      <button
        type="submit"
        disabled={reason.trim().length < 3 || report.isPending}
        className="rounded-lg bg-rose-600 px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-60"
      >
        {t('comments.report.send')}
      </button>
      <button type="button" onClick={onDone} className={linkButton}>
        {t('comments.cancel')}
      </button>
      {error && (
        <p role="alert" className="w-full text-sm text-rose-300">
          {error}
        </p>
      )}
    </form>
  );
}

interface ItemProps {
  comment: CommentReply;
  target: CommentsTarget;
  isSignedIn: boolean;
  /** Replying to a top-level comment, or to a reply (which joins the same thread). */
  onReply?(): void;
  now: number;
}

/** One comment: who wrote it and when, its words (spoilers covered), and what the viewer may do with it. */
function CommentItem({ comment, target, isSignedIn, onReply, now }: ItemProps) {
  const t = useT();
  const format = useFormat();
  const [mode, setMode] = useState<'read' | 'edit' | 'report' | 'delete'>('read');
  const edit = useEditComment(target);
  const remove = useDeleteComment(target);
  const toast = useToast();
  const isStaff = comment.author.role !== 'reader';
  const [isEditing, isReporting, isDeleting] = [mode === 'edit', mode === 'report', mode === 'delete'];
  const canEdit = comment.isMine && comment.canEditUntil !== null && Date.parse(comment.canEditUntil) > now;

  if (comment.isDeleted) {
    return (
      <div id={`comment-${comment.id}`} className="py-2 text-sm italic text-zinc-400">
        {t('comments.deleted')}
      </div>
    );
  }

  return (
    <article
      id={`comment-${comment.id}`}
      className="flex gap-3 py-3"
      aria-label={t('comments.by', { username: comment.author.username })}
    >
      <Avatar author={comment.author} />
      <div className="min-w-0 flex-1">
        <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="text-sm font-semibold text-zinc-100">{comment.author.username}</span>
          {isStaff && <RoleTag role={comment.author.role} />}
          <time dateTime={comment.createdAt} title={format.dateTime(comment.createdAt)} className="text-xs text-zinc-400">
            {format.timeFromNow(comment.createdAt, now)}
          </time>
          {comment.editedAt && <span className="text-xs text-zinc-400">{t('comments.edited')}</span>}
        </header>
        {comment.author.bio && (
          <p className="line-clamp-1 text-xs text-zinc-400" title={comment.author.bio} data-testid="comment-author-bio">
            {comment.author.bio}
          </p>
        )}
        <div className="mt-1">
          {isEditing ? (
            <CommentCompose
              label={t('comments.edit.label')}
              submitLabel={t('comments.edit.save')}
              initialBody={comment.body}
              initialSpoiler={comment.isSpoiler}
              autoFocus
              onCancel={() => setMode('read')}
              onSubmit={async (input) => {
                await edit.mutateAsync({ id: comment.id, ...input });
                setMode('read');
              }}
            />
          ) : comment.isSpoiler ? (
            <SpoilerText body={comment.body} />
          ) : (
            <CommentText body={comment.body} />
          )}
        </div>
        {!isEditing && isSignedIn && (
          <div className="mt-1 flex flex-wrap gap-3">
            {onReply && (
              <button type="button" className={linkButton} onClick={onReply}>
                {t('comments.reply')}
              </button>
            )}
            {canEdit && (
              <button type="button" className={linkButton} onClick={() => setMode('edit')}>
                {t('comments.edit.button')}
              </button>
            )}
            {comment.isMine && (
              <button type="button" className={linkButton} onClick={() => setMode('delete')}>
                {t('comments.delete.button')}
              </button>
            )}
            {!comment.isMine && (
              <button type="button" className={linkButton} onClick={() => setMode('report')}>
                {t('comments.report.button')}
              </button>
            )}
          </div>
        )}
        {isReporting && <ReportForm commentId={comment.id} onDone={() => setMode('read')} />}
        {isDeleting && (
          <ConfirmDialog
            title={t('comments.delete.title')}
            confirmLabel={t('comments.delete.button')}
            onConfirm={async () => {
              await remove.mutateAsync(comment.id);
              toast({ message: t('comments.delete.done'), type: 'success' });
            }}
            onClose={() => setMode('read')}
            renderError={(error) => errorText(t, error)}
          >
            {t('comments.delete.text')}
          </ConfirmDialog>
        )}
      </div>
    </article>
  );
}

/** A top-level comment with its replies and, when asked, a reply box under them. */
export function CommentThread({
  comment,
  target,
  isSignedIn,
  now,
}: {
  comment: Comment;
  target: CommentsTarget;
  isSignedIn: boolean;
  now: number;
}) {
  const t = useT();
  const [isReplying, setIsReplying] = useState(false);
  const post = usePostComment(target);
  const startReply = isSignedIn && !comment.isDeleted ? () => setIsReplying(true) : undefined;
  return (
    <li className="border-b border-ink-800 last:border-b-0">
      <CommentItem comment={comment} target={target} isSignedIn={isSignedIn} onReply={startReply} now={now} />
      {(comment.replies.length > 0 || isReplying) && (
        <div className="ml-11 border-l border-ink-800 pl-3">
          <ul>
            {comment.replies.map((reply) => (
              <li key={reply.id}>
                <CommentItem comment={reply} target={target} isSignedIn={isSignedIn} onReply={startReply} now={now} />
              </li>
            ))}
          </ul>
          {isReplying && (
            <div className="pb-3">
              <CommentCompose
                label={t('comments.replyTo', { username: comment.author.username })}
                submitLabel={t('comments.reply')}
                autoFocus
                onCancel={() => setIsReplying(false)}
                onSubmit={async (input) => {
                  await post.mutateAsync({ ...input, parentId: comment.id });
                  setIsReplying(false);
                }}
              />
            </div>
          )}
        </div>
      )}
    </li>
  );
}
