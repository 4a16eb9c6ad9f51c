import type { EndpointBody } from '@inkwell/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { teamSeriesKeys } from './team-series-keys';

export function useCreateSeries() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<'teamSeriesCreate'>) => callApiData('teamSeriesCreate', { body }),
    onSuccess: (created) => {
      client.setQueryData(teamSeriesKeys.detail(created.id), created);
      void client.invalidateQueries({ queryKey: teamSeriesKeys.lists });
    },
  });
}
