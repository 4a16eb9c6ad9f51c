import {
  BarChart3,
  Bell,
  Bookmark,
  CreditCard,
  HardDriveDownload,
  History,
  KeyRound,
  Landmark,
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
import { useT } from '../../lib/i18n/i18n-context';
import { Footer } from '../footer';
import { RequireRole, READER_AREA_ROLES } from '../guards';
import { MaintenanceGate, useIsMaintenancePageShown } from '../maintenance-gate';
import { TopBar } from '../top-bar/top-bar';
import '../../lib/i18n/later-messages';
// The menu's "Your year" (issue 39 §4) is said by the stats namespace.
import '../../features/stats/messages';

/** The Reader's Area side menu; Earnings (issue 33) and Payouts (issue 38) only for those who have some. */
const READER_MENU = [
  { to: '/profile/me', label: 'common.app.readerArea.menu.profile', Icon: User },
  { to: '/profile/notifications', label: 'common.app.readerArea.menu.notifications', Icon: Bell },
  { to: '/profile/bookmarks', label: 'common.app.readerArea.menu.bookmarks', Icon: Bookmark },
  { to: '/profile/history', label: 'common.app.readerArea.menu.history', Icon: History },
  { to: '/profile/stats', label: 'stats.menu', Icon: BarChart3 },
  { to: '/profile/subscriptions', label: 'common.app.readerArea.menu.subscriptions', Icon: CreditCard },
  { to: '/profile/purchases', label: 'common.app.readerArea.menu.purchases', Icon: Receipt },
  { to: '/profile/earnings', label: 'common.app.readerArea.menu.earnings', Icon: PiggyBank, isForPayees: true },
  { to: '/account/payouts', label: 'common.app.readerArea.menu.payouts', Icon: Landmark, isForPayees: true },
  { to: '/profile/devices', label: 'common.app.readerArea.menu.devices', Icon: Smartphone },
  { to: '/profile/downloads', label: 'common.app.readerArea.menu.downloads', Icon: HardDriveDownload },
  { to: '/protect/segure/password/reset-password', label: 'common.app.readerArea.menu.password', Icon: KeyRound },
];

function ReaderAreaHeader() {
  const t = useT();
  const { user } = useAuth();
  return (
    <div className="flex flex-col gap-3 border-b border-ink-800 pb-6 sm:flex-row sm:items-end sm:justify-between print:hidden">
      <div>
        <h1 className="text-2xl font-bold text-white">{t('common.app.readerArea.title')}</h1>
        <p className="mt-1 text-sm text-zinc-400">{t('common.app.readerArea.subtitle')}</p>
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
  const t = useT();
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
    <nav aria-label={t('common.app.readerArea.title')} className="md:w-56 md:shrink-0 print:hidden">
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
              <Icon className="size-4" aria-hidden /> {t(label)}
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
      {/* A printed page (a payout statement) is its content alone: no bars, menus or footer. */}
      <div className="contents print:hidden">{!isDown && <TopBar />}</div>
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
      <div className="contents print:hidden">{!isDown && <Footer />}</div>
    </div>
  );
}
