import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { teamSeriesKeys } from './team-series-keys';

/** Deletes a series and its chapters. */
export function useDeleteSeries() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('teamSeriesDelete', { params: { id } }),
    onSuccess: async (_answer, id) => {
      client.removeQueries({ queryKey: teamSeriesKeys.detail(id) });
      await client.invalidateQueries({ queryKey: teamSeriesKeys.lists });
    },
  });
}
