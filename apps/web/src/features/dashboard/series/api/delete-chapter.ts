import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { teamSeriesKeys } from './team-series-keys';

export function useDeleteChapter(seriesId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (chapterId: string) => callApi('teamChapterDelete', { params: { id: chapterId } }),
    onSuccess: async (_answer, chapterId) => {
      client.removeQueries({ queryKey: teamSeriesKeys.chapter(chapterId) });
      await client.invalidateQueries({ queryKey: teamSeriesKeys.detail(seriesId) });
      void client.invalidateQueries({ queryKey: teamSeriesKeys.lists });
    },
  });
}
