import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApiData } from '../api-client';
import { useAuth } from '../auth/auth-context';
import { libraryKeys } from './library-keys';
import { useSeriesProgressQuery, type SeriesProgress } from './series-progress';

export interface BookmarkState {
  isSignedIn: boolean;
  isBookmarked: boolean;
  /** False until the reader's bookmark is known (the button waits rather than flip). */
  isKnown: boolean;
  isPending: boolean;
  /** Follows or unfollows; the button moves at once and goes back if the server refuses (the promise rejects). */
  toggle(): Promise<unknown>;
}

/** A series' bookmark for the viewer, read with their progress in it (`bookmarked`), changed optimistically. */
export function useBookmark(seriesId: string): BookmarkState {
  const client = useQueryClient();
  const { user } = useAuth();
  const progress = useSeriesProgressQuery(seriesId, user !== null);
  const key = libraryKeys.seriesProgress(seriesId);
  const mutation = useMutation({
    mutationFn: (bookmarked: boolean) =>
      bookmarked ? callApiData('bookmarkAdd', { params: { seriesId } }) : callApiData('bookmarkRemove', { params: { seriesId } }),
    onMutate: async (bookmarked) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<SeriesProgress>(key);
      client.setQueryData<SeriesProgress>(key, (old) => (old ? { ...old, bookmarked } : old));
      return { previous };
    },
    onError: (_error, _bookmarked, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
    },
    onSuccess: (state) => {
      client.setQueryData<SeriesProgress>(key, (old) => (old ? { ...old, bookmarked: state.bookmarked } : old));
      void client.invalidateQueries({ queryKey: libraryKeys.bookmarks() });
    },
  });
  const isBookmarked = progress.data?.bookmarked ?? false;
  const { mutateAsync } = mutation;
  const toggle = useCallback(() => mutateAsync(!isBookmarked), [mutateAsync, isBookmarked]);
  return {
    isSignedIn: user !== null,
    isBookmarked,
    isKnown: progress.data !== undefined,
    isPending: mutation.isPending,
    toggle,
  };
}
