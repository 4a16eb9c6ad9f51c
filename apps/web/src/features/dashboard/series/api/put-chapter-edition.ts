import type { EndpointBody } from '@inkwell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { storeChapter } from './team-series-keys';

/** Writes a chapter's translation into one edition: its title and, for a novel, its text. */
export function usePutChapterEdition(seriesId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      chapterId,
      language,
      body,
    }: {
      chapterId: string;
      language: string;
      body: EndpointBody<'teamChapterEditionPut'>;
    }) => callApiData('teamChapterEditionPut', { params: { id: chapterId, language }, body }),
    onSuccess: (chapter) => storeChapter(client, seriesId, chapter),
  });
}
