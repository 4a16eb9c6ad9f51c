import { Link, useLocation } from 'react-router';
import { useT } from '../../../lib/i18n/i18n-context';
import '../messages';

const TABS = [
  { to: '/buy/coins', label: 'store.nav.coins', paths: ['/buy/coins', '/buy/store'] },
  { to: '/buy/subscriptions', label: 'store.nav.subscriptions', paths: ['/buy/subscriptions'] },
];

/** The store's two shelves. /buy/store is the same page as /buy/coins (SPEC §2). */
export function StoreNav() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('store.nav.label')} className="mt-6 flex gap-1 border-b border-ink-800">
      {TABS.map(({ to, label, paths }) => {
        const isCurrent = paths.includes(pathname.toLowerCase());
        return (
          <Link
            key={to}
            to={to}
            aria-current={isCurrent ? 'page' : undefined}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${
              isCurrent ? 'border-accent-400 text-white' : 'border-transparent text-zinc-400 hover:text-zinc-200'
            }`}
          >
            {t(label)}
          </Link>
        );
      })}
    </nav>
  );
}
