import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { isTeam, type Viewer, type ViewerCache } from '../access';
import { openAmong } from './unlocks.repository';

/**
 * The unlocks that matter to one page: only the chapters it shows, never every unlock the user
 * ever made, with the rentals open now (one that ends is seen within the cache's few seconds). An
 * unlock forgets what was kept (`ViewerCache.forgetUser`), so it opens the chapter at once.
 */
export function createUnlockLookup(db: Database, cache: ViewerCache, clock: Clock) {
  /** The team and premium readers see every chapter already: no lookup needed. */
  const needsNoLookup = (viewer: Viewer, chapterIds: readonly string[]) =>
    !viewer.userId || chapterIds.length === 0 || viewer.hasPremiumPass || isTeam(viewer);

  return {
    /** The viewer with their unlocks among one series' chapters (kept a few seconds; an unlock forgets them). */
    async withUnlocks(viewer: Viewer, seriesId: string, chapterIds: readonly string[]): Promise<Viewer> {
      if (needsNoLookup(viewer, chapterIds)) return viewer;
      const userId = viewer.userId!;
      let open = cache.unlocks(userId, seriesId);
      if (!open) {
        const readAt = cache.readStarts();
        open = await openAmong(db, userId, chapterIds, clock.now());
        cache.keepUnlocks(userId, seriesId, open, readAt);
      }
      return { ...viewer, unlocked: open.unlocked, rentedUntil: open.rentedUntil };
    },

    /**
     * The viewer with their unlocks among some chapters of any series, read fresh and not kept
     * (what is kept per series must hold all its chapters, which a single write does not ask for).
     */
    async withUnlocksAmong(viewer: Viewer, chapterIds: readonly string[]): Promise<Viewer> {
      if (needsNoLookup(viewer, chapterIds)) return viewer;
      const open = await openAmong(db, viewer.userId!, chapterIds, clock.now());
      return { ...viewer, unlocked: open.unlocked, rentedUntil: open.rentedUntil };
    },
  };
}
export type UnlockLookup = ReturnType<typeof createUnlockLookup>;
