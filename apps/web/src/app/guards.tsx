import type { Role } from '@inkwell/contract';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullPageSpinner } from '../components/spinner';
import { useAuth } from '../lib/auth/auth-context';

/** Roles allowed into the Reader's Area. */
export const READER_AREA_ROLES: readonly Role[] = ['reader', 'editor', 'admin'];

/**
 * SPEC §4 Route guards: a loader while the session is checked; no user → unauthorized; a role
 * not allowed (compared lower-case) → forbidden. The server checks again on every call.
 */
export function RequireRole({ allowed, children }: { allowed: readonly Role[]; children: ReactNode }) {
  const { user, isChecking } = useAuth();
  if (isChecking) return <FullPageSpinner />;
  if (!user) return <Navigate to="/errorPage?error=unauthorized" replace />;
  if (!allowed.includes(user.role.toLowerCase() as Role)) return <Navigate to="/errorPage?error=forbidden" replace />;
  return <>{children}</>;
}
