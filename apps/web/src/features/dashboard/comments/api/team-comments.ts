import type { EndpointQuery } from '@inkwell/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiData } from '../../../../lib/api-client';

const teamCommentKeys = {
  all: ['team-comments'] as const,
  list: (query: EndpointQuery<'teamComments'>) => ['team-comments', query] as const,
};

/** The moderation list: newest first, filtered by status, a user, or words. */
export function useTeamComments(query: EndpointQuery<'teamComments'>) {
  return useQuery({
    queryKey: teamCommentKeys.list(query),
    queryFn: () => callApiData('teamComments', { query }),
    placeholderData: keepPreviousData,
  });
}

/** Hides or restores a comment for readers. */
export function useSetCommentHidden() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      callApiData('teamCommentUpdate', { params: { id }, body: { hidden } }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamCommentKeys.all }),
  });
}

export function useDeleteTeamComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('teamCommentDelete', { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamCommentKeys.all }),
  });
}
