import type { Role } from '@inkwell/contract';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../features/auth/auth-context';

export function FullPageSpinner({ label = 'Checking your session…' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-sm text-zinc-400" data-testid="guard-loader">
      <span className="mr-3 size-5 animate-spin rounded-full border-2 border-accent-400 border-t-transparent" aria-hidden />
      {label}
    </div>
  );
}

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
