import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { storeChapter } from './team-series-keys';

/** Saves a chapter's page order (every page id, in the new order). */
export function useReorderChapterPages(seriesId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ chapterId, pageIds }: { chapterId: string; pageIds: string[] }) =>
      callApiData('teamChapterPageOrder', { params: { id: chapterId }, body: { pageIds } }),
    onSuccess: (chapter) => storeChapter(client, seriesId, chapter),
  });
}
