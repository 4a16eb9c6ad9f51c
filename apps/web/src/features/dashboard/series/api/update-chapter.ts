import type { EndpointBody } from '@inkwell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { storeChapter } from './team-series-keys';

export function useUpdateChapter(seriesId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ chapterId, body }: { chapterId: string; body: EndpointBody<'teamChapterUpdate'> }) =>
      callApiData('teamChapterUpdate', { params: { id: chapterId }, body }),
    onSuccess: (chapter) => storeChapter(client, seriesId, chapter),
  });
}
