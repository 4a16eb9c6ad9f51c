import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFiles } from '../../../../lib/upload';
import { storeChapter } from './team-series-keys';

/** Adds page images to a comic chapter, after its last page, with upload progress; with `language`, to that edition's pages (issue 35 §2). */
export function useAddChapterPages(seriesId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      chapterId,
      files,
      onProgress,
      language,
    }: {
      chapterId: string;
      files: File[];
      onProgress?: (fraction: number) => void;
      language?: string;
    }) =>
      uploadFiles('teamChapterPagesAdd', {
        params: { id: chapterId },
        ...(language ? { fields: { language } } : {}),
        files: files.map((file) => ({ field: 'files', file })),
        onProgress,
      }).then((body) => body.data),
    onSuccess: (chapter) => storeChapter(client, seriesId, chapter),
  });
}
