import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { teamSeriesKeys } from './team-series-keys';

/** Removes a translated edition, and its chapters' translations with it. */
export function useDeleteEdition(seriesId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (language: string) => callApi('teamSeriesEditionDelete', { params: { id: seriesId, language } }),
    // Its chapters' translations went with it: every chapter's answer is asked again.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: teamSeriesKeys.detail(seriesId) }),
        client.invalidateQueries({ queryKey: teamSeriesKeys.chapters }),
      ]),
  });
}
