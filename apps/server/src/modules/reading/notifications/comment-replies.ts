import type { Database } from '../../../db/client';
import { createNotification } from './commands/notices';

/** Longest part of the reply quoted in the notice (the bell cuts descriptions at 80: SPEC §5). */
const EXCERPT_MAX = 140;

export interface CommentReply {
  /** The author of the comment replied to. */
  toUserId: string;
  /** Who replied: nobody is told about their own reply. */
  fromUserId: string;
  byUsername: string;
  /** The reply's id, so the page can scroll to it. */
  commentId: string;
  /** Where the comment lives, e.g. `/SeriesView/{series}/{chapter}`; the reply's anchor is added. */
  link: string;
  /** The reply's text, quoted shortened. */
  body?: string;
}

/**
 * Issue 9 §2: a reply to a comment notifies the comment's author. The comments module calls it in
 * the transaction that writes the reply, so the notice exists exactly when the reply does.
 */
export async function notifyCommentReply(tx: Database, reply: CommentReply): Promise<void> {
  if (reply.toUserId === reply.fromUserId) return;
  const text = (reply.body ?? '').replace(/\s+/g, ' ').trim();
  const excerpt = text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : text;
  await createNotification(tx, {
    userId: reply.toUserId,
    message: 'commentReply',
    values: { username: reply.byUsername, excerpt },
    link: `${reply.link}#comment-${reply.commentId}`,
    kind: 'comment_reply',
  });
}
