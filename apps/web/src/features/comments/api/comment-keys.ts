import type { CommentsTarget } from '../../../lib/comments/comments-slot';

/** Every comments query starts with 'comments'; a target's lists share a prefix so a write refreshes them all. */
export const commentKeys = {
  all: ['comments'] as const,
  target: (target: CommentsTarget) =>
    ['comments', target.chapterId ? `chapter:${target.chapterId}` : `series:${target.seriesId}`] as const,
  list: (target: CommentsTarget, sort: CommentSort) => [...commentKeys.target(target), sort] as const,
};

export type CommentSort = 'newest' | 'oldest';
