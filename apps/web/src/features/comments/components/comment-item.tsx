// i18n: not yet in the catalogues (issue 35)
import type { Comment, CommentReply } from '@inkwell/contract';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RoleTag } from '../../../components/role-tag';
import { useToast } from '../../../components/toast/toast-context';
import type { CommentsTarget } from '../../../lib/comments/comments-slot';
import { timeFromNow } from '../../../lib/time';
import { useDeleteComment, useEditComment, usePostComment, useReportComment } from '../api/write-comments';
import { CommentCompose, errorText } from './comment-compose';
import { CommentText, SpoilerText } from './comment-text';

const linkButton = 'text-xs font-semibold text-zinc-400 hover:text-zinc-100';

function Avatar({ author }: { author: CommentReply['author'] }) {
  if (author.avatarUrl) {
    return (
      <img
        src={author.avatarUrl}
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
      setError(errorText(caught));
    }
  };
  return (
    <form onSubmit={handleSubmit} className="mt-2 flex flex-wrap items-center gap-2">
      <label className="sr-only" htmlFor={`report-${commentId}`}>
        Why are you reporting this comment?
      </label>
      <input
        id={`report-${commentId}`}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={500}
        placeholder="Why are you reporting it?"
        className="min-w-0 flex-1 rounded-lg border border-ink-700 bg-ink-900 px-3 py-1.5 text-sm text-zinc-100"
      />
      <button
        type="submit"
        disabled={reason.trim().length < 3 || report.isPending}
        className="rounded-lg bg-rose-600 px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-60"
      >
        Send report
      </button>
      <button type="button" onClick={onDone} className={linkButton}>
        Cancel
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
  const [mode, setMode] = useState<'read' | 'edit' | 'report' | 'delete'>('read');
  const edit = useEditComment(target);
  const remove = useDeleteComment(target);
  const toast = useToast();
  const canEdit = comment.isMine && comment.canEditUntil !== null && Date.parse(comment.canEditUntil) > now;

  if (comment.isDeleted) {
    return (
      <div id={`comment-${comment.id}`} className="py-2 text-sm italic text-zinc-400">
        This comment was deleted.
      </div>
    );
  }

  return (
    <article id={`comment-${comment.id}`} className="flex gap-3 py-3" aria-label={`Comment by ${comment.author.username}`}>
      <Avatar author={comment.author} />
      <div className="min-w-0 flex-1">
        <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="text-sm font-semibold text-zinc-100">{comment.author.username}</span>
          {comment.author.role !== 'reader' && <RoleTag role={comment.author.role} />}
          <time
            dateTime={comment.createdAt}
            title={new Date(comment.createdAt).toLocaleString('en')}
            className="text-xs text-zinc-400"
          >
            {timeFromNow(comment.createdAt, now)}
          </time>
          {comment.editedAt && <span className="text-xs text-zinc-400">(edited)</span>}
        </header>
        <div className="mt-1">
          {mode === 'edit' ? (
            <CommentCompose
              label="Edit your comment"
              submitLabel="Save"
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
        {mode !== 'edit' && isSignedIn && (
          <div className="mt-1 flex flex-wrap gap-3">
            {onReply && (
              <button type="button" className={linkButton} onClick={onReply}>
                Reply
              </button>
            )}
            {canEdit && (
              <button type="button" className={linkButton} onClick={() => setMode('edit')}>
                Edit
              </button>
            )}
            {comment.isMine && (
              <button type="button" className={linkButton} onClick={() => setMode('delete')}>
                Delete
              </button>
            )}
            {!comment.isMine && (
              <button type="button" className={linkButton} onClick={() => setMode('report')}>
                Report
              </button>
            )}
          </div>
        )}
        {mode === 'report' && <ReportForm commentId={comment.id} onDone={() => setMode('read')} />}
        {mode === 'delete' && (
          <ConfirmDialog
            title="Delete this comment?"
            confirmLabel="Delete"
            onConfirm={async () => {
              await remove.mutateAsync(comment.id);
              toast({ message: 'Comment deleted', type: 'success' });
            }}
            onClose={() => setMode('read')}
            renderError={(error) => errorText(error)}
          >
            It will be gone for good.
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
                label={`Reply to ${comment.author.username}`}
                submitLabel="Reply"
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
