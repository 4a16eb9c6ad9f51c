import { ArrowLeft } from 'lucide-react';
import { Link, NavLink, Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { RoleTag } from '../../components/role-tag';
import { LeaveGuard } from '../../features/dashboard/components/leave-guard';
import { TEAM_ROLES, teamNavFor } from '../../features/dashboard/team-nav';
import { useAuth } from '../../lib/auth/auth-context';
import { RequireRole } from '../guards';
import { MaintenanceBanner } from '../maintenance-gate';

function TeamSideMenu() {
  const { user } = useAuth();
  if (!user) return null;
  const items = teamNavFor(user.role);
  const sections = [...new Set(items.map((item) => item.section))];
  return (
    <nav aria-label="Dashboard" className="w-full border-ink-800 md:w-60 md:shrink-0 md:border-r md:pr-4">
      {sections.map((section) => (
        <div key={section} className="mb-4">
          <p className="mb-1 px-3 text-xs font-semibold uppercase tracking-wider text-zinc-400">{section}</p>
          <ul>
            {items
              .filter((item) => item.section === section)
              .map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end
                    className={({ isActive }) =>
                      `flex items-center gap-2 rounded-lg px-3 py-2 text-sm ${
                        isActive ? 'bg-accent-600/20 font-semibold text-accent-400' : 'text-zinc-300 hover:bg-ink-800'
                      }`
                    }
                  >
                    <item.Icon className="size-4" aria-hidden /> {item.label}
                  </NavLink>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** SPEC §2 Team area: a top bar and a side menu that shows only what the role may open. */
export function TeamLayout() {
  const { user } = useAuth();
  return (
    <RequireRole allowed={TEAM_ROLES}>
      <div className="flex min-h-screen flex-col">
        <header className="sticky top-0 z-40 border-b border-ink-800 bg-ink-950">
          <div className="flex h-14 items-center gap-3 px-4">
            <Link to="/Dashboard" className="flex items-center gap-2" aria-label="Dashboard home">
              <Logo />
              <span className="hidden text-sm text-zinc-400 sm:inline">Team dashboard</span>
            </Link>
            <div className="ml-auto flex items-center gap-3">
              {user && (
                <span className="flex items-center gap-2 text-sm text-zinc-300">
                  {/* A phone has room for the role, not the name too. */}
                  <span className="hidden max-w-40 truncate sm:inline">{user.username}</span> <RoleTag role={user.role} />
                </span>
              )}
              <Link
                to="/"
                className="flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-1.5 text-sm text-zinc-300 hover:bg-ink-800"
              >
                <ArrowLeft className="size-4" aria-hidden /> Back to site
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
