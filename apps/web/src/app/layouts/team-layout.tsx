import { ArrowLeft } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { RoleTag } from '../../components/role-tag';
import { LeaveGuard } from '../../features/dashboard/components/leave-guard';
import { TEAM_ROLES } from '../../features/dashboard/team-nav';
import '../../features/dashboard/messages';
import { useAuth } from '../../lib/auth/auth-context';
import { useT } from '../../lib/i18n/i18n-context';
import { RequireRole } from '../guards';
import { MaintenanceBanner } from '../maintenance-gate';
import { TeamMenuButton, TeamSideMenu } from './team-menu';

/** SPEC §2 Team area: a top bar and a side menu (a drawer on a phone) that shows only what the role may open. */
export function TeamLayout() {
  const t = useT();
  const { user } = useAuth();
  return (
    // A member of a series' team comes in too (issue 37 §3): the pages see to what each may open.
    <RequireRole allowed={TEAM_ROLES} members>
      <div className="flex min-h-screen flex-col">
        <header className="sticky top-0 z-40 border-b border-ink-800 bg-ink-950">
          <div className="flex h-14 items-center gap-3 px-4">
            <TeamMenuButton />
            <Link to="/Dashboard" className="flex items-center gap-2" aria-label={t('dashboard.layout.home')}>
              <Logo />
              <span className="hidden text-sm text-zinc-400 sm:inline">{t('dashboard.layout.title')}</span>
            </Link>
            <div className="ml-auto flex items-center gap-3">
              {user && (
                <span className="hidden items-center gap-2 text-sm text-zinc-300 sm:flex">
                  {/* A phone has room for the Menu button and the logo: its drawer shows the role. */}
                  <span className="hidden max-w-40 truncate sm:inline">{user.username}</span> <RoleTag role={user.role} />
                </span>
              )}
              <Link
                to="/"
                className="flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-1.5 text-sm text-zinc-300 hover:bg-ink-800"
              >
                <ArrowLeft className="size-4" aria-hidden /> {t('dashboard.layout.backToSite')}
              </Link>
            </div>
          </div>
          <MaintenanceBanner />
        </header>
        <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 md:flex-row">
          <TeamSideMenu />
          <main id="main" className="min-w-0 flex-1">
            {/* One question before leaving a page with unsaved changes, for every dashboard form. */}
            <LeaveGuard>
              <Outlet />
            </LeaveGuard>
          </main>
        </div>
      </div>
    </RequireRole>
  );
}
