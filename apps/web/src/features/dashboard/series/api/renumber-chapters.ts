import type { EndpointBody } from '@inkwell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { teamSeriesKeys } from './team-series-keys';

/** Moves a range of a series' chapters into a volume, or shifts their numbers (issue 37 §2); the series and its chapters are asked again. */
export function useRenumberChapters(seriesId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<'teamChaptersRenumber'>) =>
      callApiData('teamChaptersRenumber', { params: { id: seriesId }, body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: teamSeriesKeys.detail(seriesId) }),
        client.invalidateQueries({ queryKey: teamSeriesKeys.chapters }),
        client.invalidateQueries({ queryKey: teamSeriesKeys.lists }),
      ]),
  });
}
