import type { EndpointBody } from '@inkwell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { storeChapter } from './team-series-keys';

export function useCreateChapter(seriesId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<'teamChapterCreate'>) => callApiData('teamChapterCreate', { params: { id: seriesId }, body }),
    onSuccess: (chapter) => storeChapter(client, seriesId, chapter),
  });
}
