import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../../lib/api-client';
import { teamGenresKey } from './list-team-genres';

export function useRenameGenre() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      callApiData('teamGenreUpdate', { params: { id }, body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamGenresKey }),
  });
}
