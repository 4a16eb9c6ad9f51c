import {
  COMMENT_DELETED_BODY,
  COMMENT_EDIT_WINDOW_MS,
  type Comment,
  type CommentReply,
  type TeamComment,
} from '@inkwell/contract';
import type { CommentRow, ModerationRow } from './comments.repository';

/** A deleted comment kept for its replies: its row stays, its words do not. */
export const isDeletedRow = (row: Pick<CommentRow, 'body' | 'editedAt'>) =>
  row.body === COMMENT_DELETED_BODY && row.editedAt === null;

/** One comment as the viewer sees it: whether they wrote it, and until when they may edit it. */
export function toCommentReply(row: CommentRow, viewerId: string | null): CommentReply {
  const isDeleted = isDeletedRow(row);
  const isMine = !isDeleted && viewerId !== null && row.userId === viewerId;
  return {
    id: row.id,
    body: row.body,
    author: row.author,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    parentId: row.parentId,
    isSpoiler: !isDeleted && row.isSpoiler,
    isMine,
    canEditUntil: isMine ? new Date(row.createdAt.getTime() + COMMENT_EDIT_WINDOW_MS).toISOString() : null,
    isDeleted,
  };
}

export function toComment(row: CommentRow, replies: CommentRow[], viewerId: string | null): Comment {
  return {
    ...toCommentReply(row, viewerId),
    replies: replies.map((reply) => toCommentReply(reply, viewerId)),
    replyCount: replies.length,
  };
}

export function toTeamComment(row: ModerationRow, reports: { reason: string; createdAt: Date; username: string }[]): TeamComment {
  return {
    id: row.id,
    body: row.body,
    author: row.author,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    parentId: row.parentId,
    isSpoiler: row.isSpoiler,
    hidden: row.hiddenAt !== null,
    reportCount: row.reportCount,
    reports: reports.map((report) => ({
      reason: report.reason,
      createdAt: report.createdAt.toISOString(),
      username: report.username,
    })),
    series: row.series,
    chapter:
      row.chapterId && row.chapterSlug !== null && row.chapterNumber !== null
        ? { id: row.chapterId, slug: row.chapterSlug, number: Number(row.chapterNumber) }
        : null,
  };
}
