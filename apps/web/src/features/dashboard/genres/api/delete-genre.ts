import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { teamGenresKey } from './list-team-genres';

export function useDeleteGenre() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('teamGenreDelete', { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamGenresKey }),
  });
}
