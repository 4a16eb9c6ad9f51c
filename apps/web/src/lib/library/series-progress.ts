import type { ChapterProgress, EndpointData } from '@inkwell/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ownQueryOptions } from '../own-query';
import { useAuth } from '../auth/auth-context';
import { libraryKeys } from './library-keys';
import { localProgressOfSeries, readNoLocalProgress, readVisitorProgress, subscribeLocalProgress } from './local-progress';
import { continueFrom } from './resume';

export type SeriesProgress = EndpointData<'seriesProgress'>;
type Place = Omit<ChapterProgress, 'chapterId'>;

/** A signed-in reader's progress in one series: each chapter's place, where to continue, the bookmark. */
export function seriesProgressQueryOptions(seriesId: string) {
  return {
    ...ownQueryOptions('seriesProgress', { seriesId }, libraryKeys.seriesProgress(seriesId)),
    // Another device may have moved on: asked again whenever a page that shows it opens (the
    // moment's grace lets a route loader's answer serve the page it loaded).
    staleTime: 2_000,
  };
}

export const useSeriesProgressQuery = (seriesId: string, enabled: boolean) =>
  useQuery({ ...seriesProgressQueryOptions(seriesId), enabled: enabled && seriesId !== '' });

/** A reading saved on the server: the series page shows it at once, and the library's lists are asked again. */
export function recordSavedProgress(client: QueryClient, seriesId: string, progress: ChapterProgress): void {
  const { chapterId, ...place } = progress;
  client.setQueryData<SeriesProgress>(libraryKeys.seriesProgress(seriesId), (old) =>
    old ? { ...old, chapters: { ...old.chapters, [chapterId]: place } } : old,
  );
  // Continue, unread counts and the history are the server's to work out: they are fetched when next shown.
  void client.invalidateQueries({ queryKey: libraryKeys.all, refetchType: 'none' });
}

interface ListedChapter {
  id: string;
  slug: string;
  number: number;
  access: string;
}

export interface SeriesPlaces {
  /** Each chapter's place, by chapter id. */
  chapters: Record<string, Place>;
  continue: SeriesProgress['continue'];
  /** False until the places are known (a signed-in reader's are fetched). */
  isKnown: boolean;
}

/**
 * Where the viewer is in a series: a signed-in reader's progress from the server, a visitor's
 * from this browser (with Continue worked out by the same rule).
 */
export function useSeriesPlaces(seriesId: string, listed: readonly ListedChapter[]): SeriesPlaces {
  const { user } = useAuth();
  const remote = useSeriesProgressQuery(seriesId, Boolean(user));
  // The local store's snapshot is stable until it changes, so this re-renders only then.
  // A page rendered on the server knows nothing of this browser: it and the hydrating render draw none.
  const local = useSyncExternalStore(subscribeLocalProgress, readVisitorProgress, readNoLocalProgress);
  if (user) {
    return { chapters: remote.data?.chapters ?? {}, continue: remote.data?.continue ?? null, isKnown: remote.data !== undefined };
  }
  const chapters = localProgressOfSeries(seriesId, local);
  return { chapters, continue: continueFrom(listed, chapters), isKnown: true };
}
