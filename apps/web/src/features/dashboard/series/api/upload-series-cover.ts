import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFiles } from '../../../../lib/upload';
import { teamSeriesKeys } from './team-series-keys';

export interface CoverUpload {
  seriesId: string;
  file: File;
  onProgress?: (fraction: number) => void;
}

/** Replaces a series' cover (the server re-encodes it); the answer is the updated series. */
export function useUploadSeriesCover() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ seriesId, file, onProgress }: CoverUpload) =>
      uploadFiles('teamSeriesCover', { params: { id: seriesId }, files: [{ field: 'file', file }], onProgress }).then(
        (body) => body.data,
      ),
    onSuccess: (updated) => {
      client.setQueryData(teamSeriesKeys.detail(updated.id), updated);
      void client.invalidateQueries({ queryKey: teamSeriesKeys.lists });
    },
  });
}
