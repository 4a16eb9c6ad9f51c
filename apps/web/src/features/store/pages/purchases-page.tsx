import { Coins } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { useAuth } from '../../../lib/auth/auth-context';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useWallet } from '../api/get-wallet';
import { useMyPurchases } from '../api/list-purchases';
import { AutoUnlockSeriesList } from '../components/auto-unlock-series-list';
import { AutoUnlockSwitch } from '../components/auto-unlock-switch';
import { SupporterSwitch } from '../components/supporter-switch';
import { LedgerList } from '../components/ledger-list';
import { PurchaseList } from '../components/purchase-list';
import '../messages';

type Tab = 'purchases' | 'coins';

const pageOf = (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * /profile/purchases (Reader's Area): the wallet (balance, auto-unlock) above two lists that
 * page separately, the purchases (receipts) and the coin history (the ledger). The tab and page
 * live in the URL, so each view can be linked and the browser's back button walks them.
 */
function PurchasesPage() {
  const t = useT();
  const format = useFormat();
  useDocumentTitle(t('store.purchases.documentTitle'));
  const { user } = useAuth();
  const [params] = useSearchParams();
  const tab: Tab = params.get('tab') === 'coins' ? 'coins' : 'purchases';
  const page = pageOf(params);

  return (
    <div className="space-y-6">
      <h2 className="text-xl font-bold text-white">{t('store.purchases.heading')}</h2>
      <section aria-labelledby="wallet-heading" className="rounded-xl border border-ink-800 bg-ink-900 p-5">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h3 id="wallet-heading" className="text-xs uppercase tracking-wider text-zinc-400">
              {t('store.purchases.yourCoins')}
            </h3>
            <p className="mt-1 flex items-center gap-2 text-2xl font-bold text-amber-300" data-testid="wallet-balance">
              <Coins className="size-5" aria-hidden /> {format.count(user?.coins ?? 0)}
            </p>
          </div>
          <Link
            to="/buy/coins"
            className="rounded-lg bg-accent-600 px-4 py-2 text-sm font-semibold text-white hover:bg-accent-500"
          >
            {t('store.purchases.buyCoins')}
          </Link>
        </div>
        <div className="mt-5 border-t border-ink-800 pt-4">
          <AutoUnlockSwitch />
          <AutoUnlockSeriesList />
          <SupporterSwitch />
        </div>
      </section>

      <div>
        <nav aria-label={t('store.purchases.heading')} className="flex gap-1 border-b border-ink-800">
          <TabLink tab="purchases" current={tab} label={t('store.purchases.tabPurchases')} />
          <TabLink tab="coins" current={tab} label={t('store.purchases.tabCoins')} />
        </nav>
        <div className="mt-4">{tab === 'purchases' ? <PurchasesTab page={page} /> : <CoinHistoryTab page={page} />}</div>
      </div>
    </div>
  );
}

function TabLink({ tab, current, label }: { tab: Tab; current: Tab; label: string }) {
  const isCurrent = tab === current;
  return (
    <Link
      to={tab === 'purchases' ? '/profile/purchases' : '/profile/purchases?tab=coins'}
      aria-current={isCurrent ? 'page' : undefined}
      className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${
        isCurrent ? 'border-accent-400 text-white' : 'border-transparent text-zinc-400 hover:text-zinc-200'
      }`}
    >
      {label}
    </Link>
  );
}

function PurchasesTab({ page }: { page: number }) {
  const t = useT();
  const purchases = useMyPurchases(page);
  if (purchases.isPending) return <RowsSkeleton label={t('store.purchases.loading')} />;
  if (purchases.isError) return <LoadError message={t('store.purchases.loadError')} onRetry={() => void purchases.refetch()} />;
  const { items, pagination } = purchases.data;
  if (items.length === 0) {
    return (
      <Empty title={t('store.purchases.emptyTitle')} text={t('store.purchases.emptyText')}>
        <Link to="/buy/coins" className="font-semibold text-accent-400 hover:underline">
          {t('store.purchases.visitStore')}
        </Link>
      </Empty>
    );
  }
  return (
    <>
      <PurchaseList items={items} />
      <Pagination page={pagination.page} totalPages={pagination.totalPages} />
    </>
  );
}

function CoinHistoryTab({ page }: { page: number }) {
  const t = useT();
  const wallet = useWallet(page);
  if (wallet.isPending) return <RowsSkeleton label={t('store.ledger.loading')} />;
  if (wallet.isError) return <LoadError message={t('store.ledger.loadError')} onRetry={() => void wallet.refetch()} />;
  const { entries, pagination } = wallet.data;
  if (entries.length === 0) {
    return <Empty title={t('store.ledger.emptyTitle')} text={t('store.ledger.emptyText')} />;
  }
  return (
    <>
      <LedgerList entries={entries} />
      <Pagination page={pagination.page} totalPages={pagination.totalPages} />
    </>
  );
}

function Empty({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-ink-800 bg-ink-900 p-8 text-center">
      <p className="font-medium text-zinc-100">{title}</p>
      <p className="mt-1 text-sm text-zinc-400">{text}</p>
      {children && <p className="mt-3 text-sm">{children}</p>}
    </div>
  );
}

function RowsSkeleton({ label }: { label: string }) {
  return (
    <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800 bg-ink-900" aria-busy="true" aria-label={label}>
      {[0, 1, 2].map((n) => (
        <li key={n} className="space-y-2 p-4">
          <div className="h-5 w-1/3 animate-pulse rounded bg-ink-800" />
          <div className="h-4 w-1/4 animate-pulse rounded bg-ink-800" />
          <div className="h-3 w-1/2 animate-pulse rounded bg-ink-800" />
        </li>
      ))}
    </ul>
  );
}

export default PurchasesPage;
