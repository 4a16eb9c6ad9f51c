import type { Role } from '@inkwell/contract';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullPageSpinner } from '../components/spinner';
import { isSeriesMemberOnly } from '../features/dashboard/team-roles';
import { useAuth } from '../lib/auth/auth-context';

/** Roles allowed into the Reader's Area. */
export const READER_AREA_ROLES: readonly Role[] = ['reader', 'editor', 'admin'];

/**
 * SPEC §4 Route guards: a loader while the session is checked; no user → unauthorized; a role
 * not allowed (compared lower-case) → forbidden. The server checks again on every call.
 * `members`: a member of a series' team (issue 37 §3) comes in too (true), or is sent there (a path).
 */
export function RequireRole({
  allowed,
  members,
  children,
}: {
  allowed: readonly Role[];
  members?: true | string;
  children: ReactNode;
}) {
  const { user, isChecking } = useAuth();
  if (isChecking) return <FullPageSpinner />;
  if (!user) return <Navigate to="/errorPage?error=unauthorized" replace />;
  if (members && isSeriesMemberOnly(user)) return members === true ? <>{children}</> : <Navigate to={members} replace />;
  if (!allowed.includes(user.role.toLowerCase() as Role)) return <Navigate to="/errorPage?error=forbidden" replace />;
  return <>{children}</>;
}
