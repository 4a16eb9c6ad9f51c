import type { Role, SessionUser } from '@inkwell/contract';

// Apart from team-nav.ts and its icons: the router reads these, and every page loads the router.
export const TEAM_ROLES: readonly Role[] = ['editor', 'admin'];
export const ADMIN_ONLY: readonly Role[] = ['admin'];

/**
 * A member of one or more series' teams who is otherwise a reader (issue 37 §3): the dashboard
 * opens for them with only their series (and imports into them).
 */
export const isSeriesMemberOnly = (user: Pick<SessionUser, 'role' | 'seriesRoles'> | null | undefined): boolean =>
  !!user && !TEAM_ROLES.includes(user.role.toLowerCase() as Role) && (user.seriesRoles?.length ?? 0) > 0;
