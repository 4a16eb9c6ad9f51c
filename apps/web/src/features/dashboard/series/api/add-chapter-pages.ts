import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFiles } from '../../../../lib/upload';
import { storeChapter } from './team-series-keys';

/** Adds page images to a comic chapter, after its last page, with upload progress. */
export function useAddChapterPages(seriesId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      chapterId,
      files,
      onProgress,
    }: {
      chapterId: string;
      files: File[];
      onProgress?: (fraction: number) => void;
    }) =>
      uploadFiles('teamChapterPagesAdd', {
        params: { id: chapterId },
        files: files.map((file) => ({ field: 'files', file })),
        onProgress,
      }).then((body) => body.data),
    onSuccess: (chapter) => storeChapter(client, seriesId, chapter),
  });
}
