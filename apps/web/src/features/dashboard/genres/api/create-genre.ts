import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { teamGenresKey } from './list-team-genres';

export function useCreateGenre() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callApiData('teamGenreCreate', { body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamGenresKey }),
  });
}
