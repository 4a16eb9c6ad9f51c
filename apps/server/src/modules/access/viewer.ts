import type { Database } from '../../db/client';
import type { AuthUser } from '../users/users.repository';
import { VISITOR, type Viewer } from './access';

/**
 * The viewer of a request, from its user: resolved once, in the auth plugin, and set on the
 * request as `request.viewer`. The store fills `hasPremiumPass` here (an active subscription
 * whose plan includes premium chapters), read in the same query as the session.
 */
export function viewerOf(user: AuthUser | null): Viewer {
  if (!user) return VISITOR;
  return { userId: user.id, role: user.role, hasPremiumPass: false, unlocked: new Set() };
}

/**
 * The unlocks that matter to one page: only the chapters it shows, never every unlock the user
 * ever made. The store adds the `chapter_unlocks` lookup here; every access check follows.
 */
export function createUnlockLookup(_db: Database) {
  return {
    async withUnlocks(viewer: Viewer, chapterIds: readonly string[]): Promise<Viewer> {
      if (!viewer.userId || chapterIds.length === 0) return viewer;
      return viewer;
    },
  };
}
export type UnlockLookup = ReturnType<typeof createUnlockLookup>;
