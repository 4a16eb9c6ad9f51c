import type { EndpointData } from '@inkwell/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';
import type { CommentsTarget } from '../../../lib/comments/comments-slot';
import { commentKeys, type CommentSort } from './comment-keys';

export type CommentPage = EndpointData<'chapterComments'>;

function fetchComments(target: CommentsTarget, sort: CommentSort, page: number): Promise<CommentPage> {
  const query = { sort, page };
  return target.chapterId
    ? callApiData('chapterComments', { params: { chapterId: target.chapterId }, query })
    : callApiData('seriesComments', { params: { seriesId: target.seriesId! }, query });
}

/** A target's comments, page after page ("Load more"). */
export function useComments(target: CommentsTarget, sort: CommentSort) {
  return useInfiniteQuery({
    queryKey: commentKeys.list(target, sort),
    queryFn: ({ pageParam }) => fetchComments(target, sort, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined),
  });
}
