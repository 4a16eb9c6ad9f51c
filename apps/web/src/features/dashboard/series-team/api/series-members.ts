import type { SeriesMember, SeriesMemberInput } from '@inkwell/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';

const seriesMembersKey = (seriesId: string) => ['team', 'series', seriesId, 'members'] as const;

/** A series' team: an admin reads it through the admin's call, its creator (and editors) through the team's. */
function seriesMembersQueryOptions(seriesId: string, asAdmin: boolean | null) {
  return queryOptions({
    // Asked once the session says which call is the user's.
    enabled: asAdmin !== null,
    queryKey: seriesMembersKey(seriesId),
    queryFn: ({ signal }) =>
      callApiData(asAdmin ? 'adminSeriesMembers' : 'teamSeriesMembers', { params: { id: seriesId }, signal }),
    retry: false,
  });
}

export const useSeriesMembers = (seriesId: string, asAdmin: boolean | null) =>
  useQuery(seriesMembersQueryOptions(seriesId, asAdmin));

/** Every change answers with the team as it now is. */
function useMembersMutation<Input>(seriesId: string, call: (input: Input) => Promise<SeriesMember[]>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (members) => client.setQueryData(seriesMembersKey(seriesId), members),
  });
}

/** An admin adds a user to the team by their username, or changes their role. */
export const useAddSeriesMember = (seriesId: string) =>
  useMembersMutation(seriesId, (body: SeriesMemberInput) =>
    callApiData('adminSeriesMemberPut', { params: { id: seriesId }, body }),
  );

/** An admin takes a user off the team. */
export const useRemoveSeriesMember = (seriesId: string) =>
  useMembersMutation(seriesId, (userId: string) => callApiData('adminSeriesMemberDelete', { params: { id: seriesId, userId } }));

/** The creator (or staff) lets a translator or an uploader publish, or not. */
export const useSetMemberPublishing = (seriesId: string) =>
  useMembersMutation(seriesId, ({ userId, canPublish }: { userId: string; canPublish: boolean }) =>
    callApiData('teamSeriesMemberUpdate', { params: { id: seriesId, userId }, body: { canPublish } }),
  );
