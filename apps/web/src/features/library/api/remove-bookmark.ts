import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiData } from '../../../lib/api-client';
import { libraryKeys } from '../../../lib/library/library-keys';

/** Unfollows a series from the bookmarks list; the list and that series' bookmark are asked again. */
export function useRemoveBookmark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (seriesId: string) => callApiData('bookmarkRemove', { params: { seriesId } }),
    onSuccess: (_state, seriesId) =>
      Promise.all([
        client.invalidateQueries({ queryKey: libraryKeys.bookmarks() }),
        client.invalidateQueries({ queryKey: libraryKeys.seriesProgress(seriesId) }),
      ]),
  });
}
