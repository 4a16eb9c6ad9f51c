import { Menu, Search, X } from 'lucide-react';
import { useRef } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { AppLink } from '../../lib/app-link';
import { Logo } from '../../components/logo';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { SearchBox } from '../../features/search/components/search-box';
import { replayClick } from '../../lib/early-clicks';
import { useT } from '../../lib/i18n/i18n-context';
import { lazyPart } from '../../lib/lazy-part';
import { SeriesDropdown } from './series-dropdown';
import { usePanels } from './use-panels';
import { UserMenu } from './user-menu';

/** Under 768 px, the menu: its code is fetched once the page is idle (issue 18 §2), not with the page. */
const MobileMenu = lazyPart('top-bar/mobile-menu', () => import('./mobile-menu').then((module) => module.MobileMenu), {
  preloadWhenIdle: true,
});

const navLink = 'rounded-md px-3 py-2 text-sm font-medium text-zinc-300 hover:bg-ink-800 hover:text-white';

/** SPEC §2 Top bar. */
export function TopBar() {
  const t = useT();
  const containerRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const panels = usePanels(containerRef, pathname, navigation.state === 'idle' ? undefined : navigation.location.pathname);
  return (
    <header ref={containerRef} className="site-header sticky top-0 z-40 border-b border-ink-800 bg-ink-950">
      <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        <button
          type="button"
          className="rounded-md p-2 text-zinc-300 hover:bg-ink-800 md:hidden"
          onClick={() => panels.toggle('mobile')}
          {...replayClick('mobile-menu')}
          aria-expanded={panels.isOpen('mobile')}
          aria-label={t(panels.isOpen('mobile') ? 'common.app.nav.closeMenu' : 'common.app.nav.openMenu')}
        >
          {panels.isOpen('mobile') ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
        </button>
        <AppLink to="/" aria-label={t('common.app.nav.logoHome')} className="mr-2 flex items-center">
          <Logo />
        </AppLink>
        <nav aria-label={t('common.app.nav.mainLabel')} className="hidden items-center gap-1 md:flex">
          <AppLink to="/" className={navLink}>
            {t('common.app.nav.home')}
          </AppLink>
          <SeriesDropdown isOpen={panels.isOpen('series')} onToggle={() => panels.toggle('series')} onClose={panels.close} />
          <AppLink to="/buy/store" className={navLink}>
            {t('common.app.nav.store')}
          </AppLink>
          <AppLink to="/buy/subscriptions" className={navLink}>
            {t('common.app.nav.subscriptions')}
          </AppLink>
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <SearchBox className="mr-1 hidden w-40 md:block lg:w-56" />
          {/* Under 768 px the search field does not fit the bar: a button opens it below. */}
          <button
            type="button"
            className="rounded-full p-2 text-zinc-300 hover:bg-ink-800 hover:text-white md:hidden"
            onClick={() => panels.toggle('search')}
            {...replayClick('mobile-search')}
            aria-expanded={panels.isOpen('search')}
            aria-label={t(panels.isOpen('search') ? 'common.app.nav.closeSearch' : 'common.search.label')}
            data-testid="mobile-search-button"
          >
            {panels.isOpen('search') ? <X className="size-5" aria-hidden /> : <Search className="size-5" aria-hidden />}
          </button>
          <NotificationBell
            isOpen={panels.isOpen('notifications')}
            onToggle={() => panels.toggle('notifications')}
            onClose={panels.close}
          />
          <UserMenu isOpen={panels.isOpen('user')} onToggle={() => panels.toggle('user')} onClose={panels.close} />
        </div>
        {panels.isOpen('mobile') && <MobileMenu onClose={panels.close} />}
        {panels.isOpen('search') && (
          // Full screen under the bar: on a phone every result has room, and the page behind stays put.
          <div
            data-testid="mobile-search"
            className="fixed inset-x-0 bottom-0 top-16 z-50 overflow-y-auto overscroll-contain border-t border-ink-700 bg-ink-950 px-4 py-3 md:hidden"
          >
            <SearchBox autoFocus fullScreen />
          </div>
        )}
      </div>
    </header>
  );
}
