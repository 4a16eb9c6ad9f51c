import type { AnnouncementState, EndpointBody } from '@inkwell/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiData } from '../../../lib/api-client';
import { uploadFiles } from '../../../lib/upload';

const teamAnnouncementsKey = ['team', 'announcements'] as const;

export interface TeamAnnouncementsQuery {
  page: number;
  q?: string;
  state?: AnnouncementState;
}

function teamAnnouncementsQueryOptions(query: TeamAnnouncementsQuery) {
  return queryOptions({
    queryKey: [...teamAnnouncementsKey, 'list', query],
    queryFn: ({ signal }) => callApiData('teamAnnouncements', { query, signal }),
    placeholderData: keepPreviousData,
  });
}
export const useTeamAnnouncements = (query: TeamAnnouncementsQuery) => useQuery(teamAnnouncementsQueryOptions(query));

function teamAnnouncementQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...teamAnnouncementsKey, 'one', id],
    queryFn: ({ signal }) => callApiData('teamAnnouncement', { params: { id }, signal }),
    retry: false,
  });
}
export const useTeamAnnouncement = (id: string) => useQuery(teamAnnouncementQueryOptions(id));

/** After any write: the team's lists and the public ones (home's news block) are refreshed. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: teamAnnouncementsKey }),
      client.invalidateQueries({ queryKey: ['announcements'] }),
    ]);
}

export function useCreateAnnouncement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: EndpointBody<'teamAnnouncementCreate'>) => callApiData('teamAnnouncementCreate', { body }),
    onSuccess: refresh,
  });
}

export function useUpdateAnnouncement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EndpointBody<'teamAnnouncementUpdate'> }) =>
      callApiData('teamAnnouncementUpdate', { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteAnnouncement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => callApi('teamAnnouncementDelete', { params: { id } }),
    onSuccess: refresh,
  });
}

export function useUploadAnnouncementCover() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: string; file: File; onProgress?: (fraction: number) => void }) =>
      uploadFiles('teamAnnouncementCover', { params: { id }, files: [{ field: 'file', file }], onProgress }).then(
        (body) => body.data,
      ),
    onSuccess: refresh,
  });
}
