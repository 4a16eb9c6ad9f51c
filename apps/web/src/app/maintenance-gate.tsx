import { isTeamRole } from '@inkwell/contract';
import type { ReactNode } from 'react';
import { Wrench } from 'lucide-react';
import { useLocation } from 'react-router';
import { FullPageSpinner } from '../components/spinner';
import { useAuth } from '../lib/auth/auth-context';
import { useT } from '../lib/i18n/i18n-context';
import { lazyPart } from '../lib/lazy-part';
import { useMaintenanceAnswers, useSiteSettings } from '../lib/site-settings';

/** Pages open in maintenance: the team signs in on /login; the error page is what everyone else sees anyway. */
const OPEN_PAGES = new Set(['/login', '/errorpage']);

/** The maintenance page: its code is fetched only while maintenance is on (issue 18 §2). */
const MaintenancePage = lazyPart('maintenance-page', () =>
  import('../features/errors/error-page').then(({ ErrorView }) => () => <ErrorView code="maintenance" />),
);

/** Whether maintenance is on, and whether this viewer is one of the team who work through it. */
function useMaintenance() {
  const settings = useSiteSettings();
  const { user, isChecking } = useAuth();
  return { maintenance: settings.data?.maintenance, isTeam: isTeamRole(user?.role.toLowerCase()), isChecking };
}

/**
 * Whether this viewer is shown the maintenance page here. The layouts then draw no site navigation
 * (issue 33): every link in it would lead back to this page; the page keeps the team's way in.
 */
export function useIsMaintenancePageShown(): boolean {
  const { pathname } = useLocation();
  const { maintenance, isTeam: team, isChecking } = useMaintenance();
  return Boolean(maintenance?.enabled) && !team && !isChecking && !OPEN_PAGES.has(pathname.toLowerCase());
}

/** What the team sees on every page while maintenance is on. */
export function MaintenanceBanner() {
  const t = useT();
  const { maintenance, isTeam: team } = useMaintenance();
  if (!maintenance?.enabled || !team) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 bg-amber-500/15 px-4 py-1.5 text-center text-xs font-medium text-amber-200"
    >
      <Wrench className="size-3.5 shrink-0" aria-hidden />
      {t('common.app.maintenance.banner')}
    </div>
  );
}

/**
 * Maintenance mode (issue 10 §2): visitors and readers get the maintenance page in place of any
 * page but /login; the team sees the site, under a banner. The server refuses their calls anyway;
 * this spares them a page of errors. A 503 `maintenance` from any call switches it on here too.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  useMaintenanceAnswers();
  const { pathname } = useLocation();
  const { maintenance, isTeam: team, isChecking } = useMaintenance();
  if (!maintenance?.enabled) return <>{children}</>;
  if (team) {
    return (
      <>
        <MaintenanceBanner />
        {children}
      </>
    );
  }
  if (OPEN_PAGES.has(pathname.toLowerCase())) return <>{children}</>;
  // A team member's session is still being checked: no flash of the maintenance page.
  if (isChecking) return <FullPageSpinner />;
  return <MaintenancePage />;
}
