import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { RoleTag } from '../../components/role-tag';
import { dashboardNavFor, type TeamNavItem } from '../../features/dashboard/team-nav';
import '../../features/dashboard/messages';
import { useAuth } from '../../lib/auth/auth-context';
import { useT } from '../../lib/i18n/i18n-context';

/** The menu's words for each page of the dashboard (features/dashboard/team-nav.ts), by its path. */
const LINK_LABELS: Record<string, string> = {
  '/Dashboard': 'dashboard.layout.nav.home',
  '/Dashboard/Metrics': 'dashboard.layout.nav.metrics',
  '/Dashboard/MetricsAdmin': 'dashboard.layout.nav.adminMetrics',
  '/Dashboard/Series/Series': 'dashboard.layout.nav.series',
  '/Dashboard/Import': 'dashboard.imports.nav',
  '/Dashboard/Series/Banners': 'dashboard.layout.nav.banners',
  '/Dashboard/Series/Genres': 'dashboard.layout.nav.genres',
  '/Dashboard/Comments': 'dashboard.layout.nav.comments',
  '/Dashboard/Announcements': 'dashboard.layout.nav.announcements',
  '/Dashboard/Finances/Purchases': 'dashboard.layout.nav.purchases',
  '/Dashboard/Finances/Plans': 'dashboard.layout.nav.plans',
  '/Dashboard/Finances/Coins': 'dashboard.layout.nav.coins',
  '/Dashboard/Finances/Payouts': 'dashboard.payouts.nav',
  '/Dashboard/Users': 'dashboard.layout.nav.users',
  '/Dashboard/Configuration': 'dashboard.layout.nav.configuration',
  '/Dashboard/AuditLog': 'dashboard.layout.nav.auditLog',
};

const SECTION_LABELS: Record<TeamNavItem['section'], string> = {
  Overview: 'dashboard.layout.section.overview',
  Content: 'dashboard.layout.section.content',
  Community: 'dashboard.layout.section.community',
  Finances: 'dashboard.layout.section.finances',
  Administration: 'dashboard.layout.section.administration',
};

/** The dashboard's links, by section, for the signed-in role. */
function TeamNavList({ onFollow }: { onFollow?: () => void }) {
  const t = useT();
  const { user } = useAuth();
  if (!user) return null;
  const items = dashboardNavFor(user);
  const sections = [...new Set(items.map((item) => item.section))];
  return (
    <>
      {sections.map((section) => (
        <div key={section} className="mb-4">
          <p className="mb-1 px-3 text-xs font-semibold uppercase tracking-wider text-zinc-400">{t(SECTION_LABELS[section])}</p>
          <ul>
            {items
              .filter((item) => item.section === section)
              .map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end
                    onClick={onFollow}
                    className={({ isActive }) =>
                      `flex items-center gap-2 rounded-lg px-3 py-2 text-sm ${
                        isActive ? 'bg-accent-600/20 font-semibold text-accent-400' : 'text-zinc-300 hover:bg-ink-800'
                      }`
                    }
                  >
                    <item.Icon className="size-4" aria-hidden /> {LINK_LABELS[item.to] ? t(LINK_LABELS[item.to]!) : item.label}
                  </NavLink>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </>
  );
}

/** The side menu of a wide screen; a phone has the drawer instead. */
export function TeamSideMenu() {
  const t = useT();
  return (
    <nav aria-label={t('dashboard.layout.navLabel')} className="hidden border-r border-ink-800 pr-4 md:block md:w-60 md:shrink-0">
      <TeamNavList />
    </nav>
  );
}

/**
 * Issue 33 §12: on a phone the dashboard's menu waits behind a Menu button instead of pushing every
 * page below 9–15 links. The drawer takes focus when it opens and gives it back when it closes;
 * Escape, its close button, a tap beside it or following a link close it.
 */
export function TeamMenuButton() {
  const t = useT();
  const [isOpen, setIsOpen] = useState(false);
  const { user } = useAuth();
  const { pathname } = useLocation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => setIsOpen(false), [pathname]);
  useEffect(() => {
    if (!isOpen) return;
    closeRef.current?.focus();
    const opener = buttonRef.current;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [isOpen]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setIsOpen(true)}
        aria-expanded={isOpen}
        aria-haspopup="dialog"
        className="flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm text-zinc-200 hover:bg-ink-800 md:hidden"
      >
        <Menu className="size-5" aria-hidden /> {t('dashboard.layout.menu')}
      </button>
      {isOpen && (
        <div className="fixed inset-0 z-50 md:hidden">
          <div className="absolute inset-0 bg-black/60" onClick={() => setIsOpen(false)} aria-hidden />
          <div
            role="dialog"
            aria-modal="true"
            aria-label={t('dashboard.layout.menuLabel')}
            className="relative flex h-full w-72 max-w-[85vw] flex-col overflow-y-auto border-r border-ink-800 bg-ink-900 p-4 shadow-2xl"
          >
            <div className="mb-3 flex items-center justify-between">
              <p className="flex items-center gap-2 font-semibold text-white">
                {t('dashboard.layout.navLabel')} {user && <RoleTag role={user.role} />}
              </p>
              <button
                ref={closeRef}
                type="button"
                onClick={() => setIsOpen(false)}
                aria-label={t('dashboard.layout.closeMenu')}
                className="rounded-lg p-2 text-zinc-300 hover:bg-ink-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-500"
              >
                <X className="size-5" aria-hidden />
              </button>
            </div>
            <nav aria-label={t('dashboard.layout.navLabel')}>
              <TeamNavList onFollow={() => setIsOpen(false)} />
            </nav>
          </div>
        </div>
      )}
    </>
  );
}
