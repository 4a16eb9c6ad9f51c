import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { isTeam, type Viewer, type ViewerCache } from '../../identity/access';
import { openAmong } from './unlocks.repository';

type OpenChapters = NonNullable<ReturnType<ViewerCache['unlocks']>>;

/**
 * The unlocks that matter to one page: only the chapters it shows, never every unlock the user
 * ever made, with the rentals open now (what is kept is read against the clock, so a rental that
 * ends closes its chapter at once). An unlock forgets what was kept (`ViewerCache.forgetUser`), so
 * it opens the chapter at once.
 */
export function createUnlockLookup(db: Database, cache: ViewerCache, clock: Clock) {
  /** The team and premium readers see every chapter already: no lookup needed. */
  const needsNoLookup = (viewer: Viewer, chapterCount: number) =>
    !viewer.userId || chapterCount === 0 || viewer.hasPremiumPass || isTeam(viewer);
  /** The viewer with what of `open` is open now. */
  const withOpen = (viewer: Viewer, open: OpenChapters): Viewer => {
    const now = openNow(open, clock.now());
    return { ...viewer, unlocked: now.unlocked, rentedUntil: now.rentedUntil };
  };

  /**
   * `withUnlocks` without a promise (issue 40): undefined when the viewer's unlocks in the series
   * are not kept now (then `withUnlocks` reads them). Takes how many chapters the page shows: a
   * kept answer needs no list of them.
   */
  function keptWithUnlocks(viewer: Viewer, seriesId: string, chapterCount: number): Viewer | undefined {
    if (needsNoLookup(viewer, chapterCount)) return viewer;
    const open = cache.unlocks(viewer.userId!, seriesId);
    return open && withOpen(viewer, open);
  }

  return {
    /** The viewer with their unlocks among one series' chapters (kept a few seconds; an unlock forgets them). */
    async withUnlocks(viewer: Viewer, seriesId: string, chapterIds: readonly string[]): Promise<Viewer> {
      const kept = keptWithUnlocks(viewer, seriesId, chapterIds.length);
      if (kept) return kept;
      const userId = viewer.userId!;
      const readAt = cache.readStarts();
      const open = await openAmong(db, userId, chapterIds, clock.now());
      cache.keepUnlocks(userId, seriesId, open, readAt);
      return withOpen(viewer, open);
    },

    keptWithUnlocks,

    /**
     * The viewer with their unlocks among some chapters of any series, read fresh and not kept
     * (what is kept per series must hold all its chapters, which a single write does not ask for).
     */
    async withUnlocksAmong(viewer: Viewer, chapterIds: readonly string[]): Promise<Viewer> {
      if (needsNoLookup(viewer, chapterIds.length)) return viewer;
      const open = await openAmong(db, viewer.userId!, chapterIds, clock.now());
      return { ...viewer, unlocked: open.unlocked, rentedUntil: open.rentedUntil };
    },
  };
}

/**
 * What was kept a few seconds ago, less the rentals that have ended since (a rented chapter is in
 * `rentedUntil` only when it was not also bought, so it is no longer open at all).
 */
function openNow(open: OpenChapters, now: Date): OpenChapters {
  const ended = new Set([...open.rentedUntil].filter(([, until]) => until <= now).map(([chapterId]) => chapterId));
  if (ended.size === 0) return open;
  return {
    unlocked: new Set([...open.unlocked].filter((chapterId) => !ended.has(chapterId))),
    rentedUntil: new Map([...open.rentedUntil].filter(([chapterId]) => !ended.has(chapterId))),
  };
}
export type UnlockLookup = ReturnType<typeof createUnlockLookup>;
