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
  return { userId: user.id, role: user.role, hasPremiumPass: membershipOf(user).isPremium, unlocked: new Set() };
}

/**
 * SPEC §3's `isPremium` and `membership` of a user (verify, login, profiledata), and the premium
 * pass of the viewer: one place. The store fills it from the user's active subscription (its
 * plan's name and whether the plan includes premium chapters); until then no one holds one.
 */
export function membershipOf(_user: Pick<AuthUser, 'id'>): { isPremium: boolean; membership: string | null } {
  return { isPremium: false, membership: null };
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
