// i18n: not yet in the catalogues (issue 35)
import {
  Bell,
  Bookmark,
  CreditCard,
  HardDriveDownload,
  History,
  KeyRound,
  PiggyBank,
  Receipt,
  Smartphone,
  User,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { PremiumTag, RoleTag } from '../../components/role-tag';
import { useProfile } from '../../features/profile/profile-context';
import { useAuth } from '../../lib/auth/auth-context';
import { Footer } from '../footer';
import { RequireRole, READER_AREA_ROLES } from '../guards';
import { MaintenanceGate, useIsMaintenancePageShown } from '../maintenance-gate';
import { TopBar } from '../top-bar/top-bar';

/** The Reader's Area side menu; Earnings only for those who have some (issue 33). */
const READER_MENU = [
  { to: '/profile/me', label: 'Profile', Icon: User },
  { to: '/profile/notifications', label: 'Notifications', Icon: Bell },
  { to: '/profile/bookmarks', label: 'Bookmarks', Icon: Bookmark },
  { to: '/profile/history', label: 'History', Icon: History },
  { to: '/profile/subscriptions', label: 'Subscriptions', Icon: CreditCard },
  { to: '/profile/purchases', label: 'Purchases', Icon: Receipt },
  { to: '/profile/earnings', label: 'Earnings', Icon: PiggyBank, isForPayees: true },
  { to: '/profile/devices', label: 'Apps and devices', Icon: Smartphone },
  { to: '/profile/downloads', label: 'Downloads', Icon: HardDriveDownload },
  { to: '/protect/segure/password/reset-password', label: 'Password', Icon: KeyRound },
];

function ReaderAreaHeader() {
  const { user } = useAuth();
  return (
    <div className="flex flex-col gap-3 border-b border-ink-800 pb-6 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold text-white">Reader&apos;s Area</h1>
        <p className="mt-1 text-sm text-zinc-400">Manage your account, saved items, and subscription preferences</p>
      </div>
      {user && (
        <div className="flex items-center gap-2" data-testid="reader-area-tags">
          <RoleTag role={user.role} />
          {user.isPremium && <PremiumTag />}
        </div>
      )}
    </div>
  );
}

/**
 * The side menu; under 768 px it is one row that scrolls sideways, and the current page's entry
 * is scrolled into the middle of it, so it is never off screen.
 */
function ReaderMenu() {
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  const { profile } = useProfile();
  const entries = READER_MENU.filter((entry) => !('isForPayees' in entry) || profile?.hasEarnings === true);
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    const offset = current.getBoundingClientRect().left - list.getBoundingClientRect().left;
    list.scrollLeft += offset - (list.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);

  return (
    <nav aria-label="Reader's Area" className="md:w-56 md:shrink-0">
      <ul ref={listRef} className="flex gap-1 overflow-x-auto md:flex-col">
        {entries.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                `flex items-center gap-3 whitespace-nowrap rounded-lg px-3 py-2 text-sm ${
                  isActive ? 'bg-accent-600/20 font-semibold text-accent-400' : 'text-zinc-300 hover:bg-ink-800'
                }`
              }
            >
              <Icon className="size-4" aria-hidden /> {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function ReaderLayout() {
  const isDown = useIsMaintenancePageShown();
  return (
    <div className="flex min-h-screen flex-col">
      {!isDown && <TopBar />}
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <MaintenanceGate>
          <RequireRole allowed={READER_AREA_ROLES}>
            <ReaderAreaHeader />
            <div className="mt-6 flex flex-col gap-6 md:flex-row">
              <ReaderMenu />
              <section className="min-w-0 flex-1">
                <Outlet />
              </section>
            </div>
          </RequireRole>
        </MaintenanceGate>
      </main>
      {!isDown && <Footer />}
    </div>
  );
}
