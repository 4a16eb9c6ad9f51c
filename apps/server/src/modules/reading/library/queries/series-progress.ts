import { AppError } from '../../../../lib/app-error';
import { clearedOnAll, SERIES_EVENTS, type CacheRegistry } from '../../../../lib/caches';
import type { TtlCache } from '../../../../lib/ttl-cache';
import { isTeam, type Viewer } from '../../../identity/access';
import type { LibraryDeps } from '../library.deps';
import { toContinue, toProgressEntry } from '../library.presenter';
import { findProgress } from '../library.repository';
import { type SeriesState, seriesStateOf } from '../series-state.repository';

/** How long an instance keeps a reader's state in a series when no event clears it first (as their bookmark pages). */
const SERIES_STATES_MS = 30_000;

/** The series progress reads take the library's dependencies and its kept series states. */
export type SeriesStateReads = LibraryDeps & { seriesStates: TtlCache<SeriesState> };

/**
 * A reader's state in a series, kept per reader and series (issue 40, as their bookmark pages,
 * decision 0047): a signed-in reader's series page asks for it on every view. Their follows and
 * places (`library.changed`), their account (`user.changed`, `user.deleted`) clear theirs on every
 * instance; a series or chapter change clears all (what is out, the next chapter). The TTL only
 * bounds what the clock alone changes (a scheduled chapter coming out before its job runs).
 */
export function declareSeriesStates(caches: CacheRegistry) {
  return caches.declare<SeriesState>({
    name: 'series states',
    ttlMs: SERIES_STATES_MS,
    bound: {
      maxEntries: 20_000,
      maxBytes: 32 * 1024 * 1024,
      sizeOf: (value) => 256 + 200 * (value as SeriesState).rows.length,
    },
    clearedBy: {
      ...clearedOnAll(SERIES_EVENTS),
      'library.changed': (event) => event.userId,
      'user.changed': (event) => event.userId,
      'user.deleted': (event) => event.userId,
    },
  });
}

/**
 * The viewer's place in each chapter of a series they may see, where they pick up, and whether they
 * follow it: read in one statement, and kept for the reader (above).
 */
export async function seriesProgress(reads: SeriesStateReads, viewer: Viewer, seriesId: string) {
  const userId = viewer.userId!;
  const state = await reads.seriesStates.get(`${userId}|${seriesId}`, () =>
    seriesStateOf(reads.db, userId, seriesId, reads.clock.now()),
  );
  if (state.isPublished === null || (!state.isPublished && !isTeam(viewer))) {
    throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
  }
  return {
    chapters: Object.fromEntries(state.rows.map((row) => [row.chapterId, toProgressEntry(row)])),
    continue: toContinue(state.point),
    bookmarked: state.bookmarked,
  };
}

/** The reader's place in a chapter as kept (page or position, when, read or not). */
export async function placeOf({ db }: LibraryDeps, userId: string, chapterId: string) {
  return (await findProgress(db, userId, chapterId)) ?? null;
}
