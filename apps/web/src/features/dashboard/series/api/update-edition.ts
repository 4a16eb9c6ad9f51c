import type { EndpointBody } from '@inkwell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { teamSeriesKeys } from './team-series-keys';

/** Changes an edition's title or description; only what is sent changes. */
export function useUpdateEdition(seriesId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ language, body }: { language: string; body: EndpointBody<'teamSeriesEditionUpdate'> }) =>
      callApiData('teamSeriesEditionUpdate', { params: { id: seriesId, language }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamSeriesKeys.editions(seriesId) }),
  });
}
