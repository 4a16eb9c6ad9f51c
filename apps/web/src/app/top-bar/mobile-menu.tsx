import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SearchBox } from '../../features/search/components/search-box';
import { useT } from '../../lib/i18n/i18n-context';
import { SeriesLinkItem } from './series-link-item';
import { SERIES_LINKS } from './series-links';
import '../../lib/i18n/later-messages';

const linkClass = 'block rounded-md px-3 py-2.5 text-base font-medium text-zinc-200 hover:bg-ink-800';

/** SPEC §2: under 768 px, a menu over an overlay; the Series submenu expands inside it. */
export function MobileMenu({ onClose }: { onClose(): void }) {
  const t = useT();
  const [isSeriesOpen, setIsSeriesOpen] = useState(false);
  return (
    <>
      <div
        data-testid="mobile-menu-overlay"
        className="fixed inset-0 top-16 z-40 bg-black/60 md:hidden"
        onClick={onClose}
        aria-hidden
      />
      <nav
        aria-label={t('common.app.nav.mobileLabel')}
        data-testid="mobile-menu"
        className="absolute inset-x-0 top-full z-50 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-ink-700 bg-ink-900 p-4 md:hidden"
      >
        <SearchBox className="mb-3" />
        <Link to="/" onClick={onClose} className={linkClass}>
          {t('common.app.nav.home')}
        </Link>
        <button
          type="button"
          onClick={() => setIsSeriesOpen((open) => !open)}
          aria-expanded={isSeriesOpen}
          className={`${linkClass} flex w-full items-center justify-between`}
        >
          {t('common.app.nav.series')}
          <ChevronDown className={`size-4 transition-transform ${isSeriesOpen ? 'rotate-180' : ''}`} aria-hidden />
        </button>
        {isSeriesOpen && (
          <div className="ml-3 border-l border-ink-700 pl-3">
            {SERIES_LINKS.map((link) => (
              <SeriesLinkItem key={link.to} link={link} size={36} onClick={onClose} />
            ))}
          </div>
        )}
        <Link to="/buy/coins" onClick={onClose} className={linkClass}>
          {t('common.app.nav.store')}
        </Link>
        <Link to="/buy/subscriptions" onClick={onClose} className={linkClass}>
          {t('common.app.nav.subscriptions')}
        </Link>
      </nav>
    </>
  );
}
