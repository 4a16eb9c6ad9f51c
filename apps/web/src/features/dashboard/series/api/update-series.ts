import type { EndpointBody } from '@inkwell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { teamSeriesKeys } from './team-series-keys';

/** Sends only the fields given; the answer replaces the cached series. */
export function useUpdateSeries(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<'teamSeriesUpdate'>) => callApiData('teamSeriesUpdate', { params: { id }, body }),
    onSuccess: (updated) => {
      client.setQueryData(teamSeriesKeys.detail(id), updated);
      void client.invalidateQueries({ queryKey: teamSeriesKeys.lists });
    },
  });
}
