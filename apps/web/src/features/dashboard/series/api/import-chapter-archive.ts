import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFiles } from '../../../../lib/upload';
import { storeChapter } from './team-series-keys';

/** Replaces a comic chapter's pages with the images of a .zip or .cbz. */
export function useImportChapterArchive(seriesId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ chapterId, file, onProgress }: { chapterId: string; file: File; onProgress?: (fraction: number) => void }) =>
      uploadFiles('teamChapterArchive', { params: { id: chapterId }, files: [{ field: 'file', file }], onProgress }).then(
        (body) => body.data,
      ),
    onSuccess: (chapter) => storeChapter(client, seriesId, chapter),
  });
}
