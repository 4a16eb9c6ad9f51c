import type { Role } from '@inkwell/contract';
import { VISITOR, type Viewer } from './access';

/** What the viewer is made of: a signed-in user as a request carries them. */
export interface ViewerSource {
  id: string;
  role: Role;
  isPremium: boolean;
  /** Opted in to series marked Adult (issue 36 §4). */
  showAdult?: boolean;
  /** Early-access days per series of the memberships running now (issue 38 §1; subscriptions' `earlyAccessColumn`). */
  earlyAccess?: Readonly<Record<string, number>>;
}

/** The memberships' early-access days as the viewer holds them: only series with days to give. */
function earlyAccessOf(days: Readonly<Record<string, number>> | undefined): Pick<Viewer, 'earlyAccess'> {
  const entries = Object.entries(days ?? {}).filter(([, n]) => n > 0);
  return entries.length > 0 ? { earlyAccess: new Map(entries) } : {};
}

/**
 * The viewer of a request, from its user: resolved once, in the auth plugin, and set on the
 * request as `request.viewer`. `hasPremiumPass` is the user's `isPremium`, read with the session
 * (`hasPremiumPass` of access.sql.ts, as of the request's time), and so are its memberships'
 * early-access days (`earlyAccess`).
 */
export function viewerOf(user: ViewerSource | null): Viewer {
  if (!user) return VISITOR;
  return {
    userId: user.id,
    role: user.role,
    hasPremiumPass: user.isPremium,
    unlocked: new Set(),
    ...(user.showAdult === true && { showAdult: true }),
    ...earlyAccessOf(user.earlyAccess),
  };
}

/**
 * SPEC §3's `isPremium` and `membership` of a user (verify, login, profiledata), and the premium
 * pass of the viewer: one place.
 */
export function membershipOf(user: { isPremium: boolean; membership: string | null }): {
  isPremium: boolean;
  membership: string | null;
} {
  return { isPremium: user.isPremium, membership: user.membership };
}
