import type { bookmarkListQuerySchema, historyQuerySchema, ProgressInput } from '@inkwell/contract';
import type { z } from 'zod';
import type { CacheRegistry } from '../../../lib/caches';
import type { Viewer } from '../../identity/access';
import { bookmark, unbookmark } from './commands/bookmarks';
import { clearHistory } from './commands/clear-history';
import { type MergeEntry, mergeProgress } from './commands/merge-progress';
import { placeFromApp, saveProgress } from './commands/save-progress';
import type { LibraryDeps } from './library.deps';
import type { PlaceDevice } from './places.repository';
import { bookmarks, bookmarksJson, declareBookmarkPages } from './queries/bookmarks';
import { declareHistoryPages, history } from './queries/history';
import { chapterPlaces, placeDeviceOf } from './queries/places';
import { declareSeriesStates, placeOf, seriesProgress } from './queries/series-progress';

/**
 * Bookmarks, reading progress and history (DESIGN §4 Library): the reader's own library.
 * The work is in commands/ and queries/; this binds their dependencies once.
 */
export function createLibraryService({ caches, ...deps }: LibraryDeps & { caches: CacheRegistry }) {
  const reads = { ...deps, historyPages: declareHistoryPages(caches) };
  const bookmarkReads = { ...deps, bookmarkPages: declareBookmarkPages(caches) };
  const seriesStateReads = { ...deps, seriesStates: declareSeriesStates(caches) };
  return {
    bookmarks: (viewer: Viewer, query: z.output<typeof bookmarkListQuerySchema>) => bookmarks(bookmarkReads, viewer, query),
    /** The same page as the API's answer, JSON checked and serialized once while it is kept. */
    bookmarksJson: (viewer: Viewer, query: z.output<typeof bookmarkListQuerySchema>) =>
      bookmarksJson(bookmarkReads, viewer, query),
    bookmark: (userId: string, seriesId: string) => bookmark(deps, userId, seriesId),
    unbookmark: (userId: string, seriesId: string) => unbookmark(deps, userId, seriesId),
    saveProgress: (viewer: Viewer, chapterId: string, input: ProgressInput, device?: PlaceDevice) =>
      saveProgress(deps, viewer, chapterId, input, device),
    /** A reading app's place (KOReader, OPDS 2), kept for the device that sent it too. */
    placeFromApp: (
      viewer: Viewer,
      chapterId: string,
      place: { page?: number | null; position?: number | null; completed?: boolean },
      at: Date,
      device?: PlaceDevice,
    ) => placeFromApp(deps, viewer, chapterId, place, at, device),
    placeOf: (userId: string, chapterId: string) => placeOf(deps, userId, chapterId),
    chapterPlaces: (userId: string, chapterId: string, deviceId?: string) => chapterPlaces(deps, userId, chapterId, deviceId),
    placeDeviceOf: (userId: string, chapterId: string, merged: { page: number | null; position: number | null }) =>
      placeDeviceOf(deps, userId, chapterId, merged),
    mergeProgress: (viewer: Viewer, entries: MergeEntry[], device?: PlaceDevice) => mergeProgress(deps, viewer, entries, device),
    seriesProgress: (viewer: Viewer, seriesId: string) => seriesProgress(seriesStateReads, viewer, seriesId),
    history: (userId: string, query: z.output<typeof historyQuerySchema>) => history(reads, userId, query),
    clearHistory: (userId: string, chapterId?: string) => clearHistory(deps, userId, chapterId),
  };
}
export type LibraryService = ReturnType<typeof createLibraryService>;
// The history's keeping time, which tests wait out.
export { HISTORY_CACHE_MS } from './queries/history';
export { BOOKMARKS_CACHE_MS } from './queries/bookmarks';
