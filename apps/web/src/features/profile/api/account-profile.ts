import { PROFILE_CACHE_KEY, type AvatarAnswer, type ProfileData, type ProfileUpdate } from '@inkwell/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi, callApiData } from '../../../lib/api-client';
import { updateSessionUser } from '../../../lib/auth/session-query';
import { writeTimedCache } from '../../../lib/timed-cache';
import { uploadFiles } from '../../../lib/upload';

/**
 * What shows the reader by name or avatar on this page and others: the session (the top bar), the
 * profile (its cache in local storage too), and the lists of comments and supporters, asked again.
 */
function showEverywhere(client: QueryClient, profile: ProfileData) {
  client.setQueryData(['profile', profile.id], profile);
  writeTimedCache(PROFILE_CACHE_KEY, profile);
  updateSessionUser(client, { username: profile.username, avatarUrl: profile.avatarUrl, avatarVersion: profile.avatarVersion });
  // The comments' and supporters' lists (features/comments, catalogue's series-support), by their keys' first parts.
  void client.invalidateQueries({ queryKey: ['comments'] });
  void client.invalidateQueries({ queryKey: ['catalogue', 'supporters'] });
}

/** PATCH ME/profile: a new username, bio, or both; the answer is the profile as it now is. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (patch: ProfileUpdate) => (await callApi('profileUpdate', { body: patch })).data,
    onSuccess: (profile) => {
      if (profile) showEverywhere(client, profile);
    },
  });
}

/** PUT ME/avatar (one image) and DELETE ME/avatar: the new address and version, shown everywhere at once. */
export function useAvatarChange(profile: ProfileData) {
  const client = useQueryClient();
  const apply = (answer: AvatarAnswer) => showEverywhere(client, { ...profile, ...answer });
  const upload = useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) =>
      (
        await uploadFiles('avatarPut', {
          params: undefined,
          files: [{ field: 'avatar', file }],
          ...(onProgress && { onProgress }),
        })
      ).data,
    onSuccess: apply,
  });
  const remove = useMutation({ mutationFn: () => callApiData('avatarDelete'), onSuccess: apply });
  return { upload, remove };
}
