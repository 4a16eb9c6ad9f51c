import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFiles } from '../../../../lib/upload';
import { teamBannersKey } from './list-team-banners';

/** Replaces a banner's image; a banner shows on the home page only once it has one. */
export function useUploadBannerImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: string; file: File; onProgress?: (fraction: number) => void }) =>
      uploadFiles('teamBannerImage', { params: { id }, files: [{ field: 'file', file }], onProgress }).then((body) => body.data),
    onSuccess: () => client.invalidateQueries({ queryKey: teamBannersKey }),
  });
}
