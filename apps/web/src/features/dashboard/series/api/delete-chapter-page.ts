import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { storeChapter } from './team-series-keys';

export function useDeleteChapterPage(seriesId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ chapterId, pageId }: { chapterId: string; pageId: string }) =>
      callApiData('teamChapterPageDelete', { params: { id: chapterId, pageId } }),
    onSuccess: (chapter) => storeChapter(client, seriesId, chapter),
  });
}
