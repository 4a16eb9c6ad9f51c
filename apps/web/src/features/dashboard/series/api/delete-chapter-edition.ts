import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { storeChapter } from './team-series-keys';

/** Removes a chapter's translation into one edition (readers then get the original for it). */
export function useDeleteChapterEdition(seriesId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ chapterId, language }: { chapterId: string; language: string }) =>
      callApiData('teamChapterEditionDelete', { params: { id: chapterId, language } }),
    onSuccess: (chapter) => storeChapter(client, seriesId, chapter),
  });
}
