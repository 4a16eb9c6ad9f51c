import type { EndpointBody } from '@inkwell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { teamSeriesKeys } from './team-series-keys';

/** Adds a translated edition to a series: its language, title and description. */
export function useCreateEdition(seriesId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<'teamSeriesEditionCreate'>) =>
      callApiData('teamSeriesEditionCreate', { params: { id: seriesId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamSeriesKeys.editions(seriesId) }),
  });
}
