import type { Database } from '../../db/client';
import { unlockedAmong } from '../store/store.repository';
import type { ViewerCache } from './viewer-cache';
import type { AuthUser } from '../users/users.repository';
import { VISITOR, type Viewer } from './access';

/**
 * The viewer of a request, from its user: resolved once, in the auth plugin, and set on the
 * request as `request.viewer`. `hasPremiumPass` is an active subscription whose plan includes
 * premium chapters, read in the same query as the session.
 */
export function viewerOf(user: AuthUser | null): Viewer {
  if (!user) return VISITOR;
  return { userId: user.id, role: user.role, hasPremiumPass: membershipOf(user).isPremium, unlocked: new Set() };
}

/**
 * SPEC §3's `isPremium` and `membership` of a user (verify, login, profiledata), and the premium
 * pass of the viewer: one place. Both come from the user's running plan (its name, and whether it
 * includes premium chapters), which `authUserColumns` reads with the user.
 */
export function membershipOf(user: Pick<AuthUser, 'isPremium' | 'membership'>): { isPremium: boolean; membership: string | null } {
  return { isPremium: user.isPremium, membership: user.membership };
}

/**
 * The unlocks that matter to one page: only the chapters it shows, never every unlock the user
 * ever made. An unlock forgets what was kept (`ViewerCache.forgetUser`), so it opens the chapter at once.
 */
export function createUnlockLookup(db: Database, cache: ViewerCache) {
  return {
    /** The viewer with their unlocks among one series' chapters (kept a few seconds; an unlock forgets them). */
    async withUnlocks(viewer: Viewer, seriesId: string, chapterIds: readonly string[]): Promise<Viewer> {
      // The team and premium readers see every chapter already: no lookup needed.
      if (!viewer.userId || chapterIds.length === 0 || viewer.hasPremiumPass || viewer.role === 'editor' || viewer.role === 'admin') {
        return viewer;
      }
      let unlocked = cache.unlocks(viewer.userId, seriesId);
      if (!unlocked) {
        unlocked = await unlockedAmong(db, viewer.userId, chapterIds);
        cache.keepUnlocks(viewer.userId, seriesId, unlocked);
      }
      return { ...viewer, unlocked };
    },

    /**
     * The viewer with their unlocks among some chapters of any series, read fresh and not kept
     * (what is kept per series must hold all its chapters, which a single write does not ask for).
     */
    async withUnlocksAmong(viewer: Viewer, chapterIds: readonly string[]): Promise<Viewer> {
      if (!viewer.userId || chapterIds.length === 0 || viewer.hasPremiumPass || viewer.role === 'editor' || viewer.role === 'admin') {
        return viewer;
      }
      return { ...viewer, unlocked: await unlockedAmong(db, viewer.userId, chapterIds) };
    },
  };
}
export type UnlockLookup = ReturnType<typeof createUnlockLookup>;
