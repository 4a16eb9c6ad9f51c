import type { SeriesMemberRole, SessionUser } from '@inkwell/contract';
import { useAuth } from '../../../lib/auth/auth-context';
import { TEAM_ROLES } from '../team-roles';

/** What the signed-in user may do with one series (issue 37 §3); the server checks it again on every call. */
export interface SeriesAccess {
  /** An editor or an admin: everything on every series (prices, the ladder, publishing). */
  isStaff: boolean;
  isAdmin: boolean;
  /** Their place on this series' team, if they are not staff. */
  role: SeriesMemberRole | null;
  /** Details, cover, prices, free dates, previews and the ladder: staff and the series' creator. */
  canEditSeries: boolean;
  /** Publish or schedule a chapter: staff, the creator, and a member the creator allowed. */
  canPublish: boolean;
  /** See the series' team (and let its translators and uploaders publish). */
  canSeeTeam: boolean;
}

export function seriesAccessOf(user: Pick<SessionUser, 'role' | 'seriesRoles'> | null, seriesId: string): SeriesAccess {
  const role = user?.role.toLowerCase();
  const isStaff = !!role && TEAM_ROLES.some((staff) => staff === role);
  const place = isStaff ? undefined : user?.seriesRoles?.find((entry) => entry.seriesId === seriesId);
  const isCreator = place?.role === 'creator';
  return {
    isStaff,
    isAdmin: role === 'admin',
    role: place?.role ?? null,
    canEditSeries: isStaff || isCreator,
    canPublish: isStaff || isCreator || !!place?.canPublish,
    canSeeTeam: isStaff || isCreator,
  };
}

/** The signed-in user's access to one series. */
export function useSeriesAccess(seriesId: string): SeriesAccess {
  const { user } = useAuth();
  return seriesAccessOf(user, seriesId);
}
