import type { EndpointBody } from '@inkwell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData, callApi } from '../../../lib/api-client';
import type { CommentsTarget } from '../../../lib/comments/comments-slot';
import { commentKeys } from './comment-keys';

/** Each write refreshes the target's lists (both orders), so the new state comes from the server. */
function useRefresh(target: CommentsTarget) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: commentKeys.target(target) });
}

export function usePostComment(target: CommentsTarget) {
  const refresh = useRefresh(target);
  return useMutation({
    mutationFn: (input: { body: string; isSpoiler: boolean; parentId?: string }) =>
      callApiData('commentCreate', { body: { ...target, ...input } }),
    onSuccess: refresh,
  });
}

export function useEditComment(target: CommentsTarget) {
  const refresh = useRefresh(target);
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & EndpointBody<'commentUpdate'>) =>
      callApiData('commentUpdate', { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteComment(target: CommentsTarget) {
  const refresh = useRefresh(target);
  return useMutation({
    mutationFn: (id: string) => callApi('commentDelete', { params: { id } }),
    onSuccess: refresh,
  });
}

/** A report changes nothing on the page; the server's message says whether it was new. */
export function useReportComment() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      callApi('commentReport', { params: { id }, body: { reason } }),
  });
}
