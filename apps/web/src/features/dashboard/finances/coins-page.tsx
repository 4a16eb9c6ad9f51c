import type { AdminCoinPackage, EndpointData } from '@inkwell/contract';
import { Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { primaryButton } from '../../../components/button-styles';
import { useToast } from '../../../components/toast/toast-context';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CellLabel, HiddenTh, rowButton, stacked, StackedTable, Th } from '../components/data-table';
import { FormPanel } from '../components/edit-form';
import { EmptyState, PageHeader, QueryState } from '../components/list-frame';
import { useAdminCoinPackages } from './api/list-admin-coin-packages';
import { useUpdateCoinPackage } from './api/update-coin-package';
import { CoinPackageForm } from './coin-package-form';
import { SaleBadge } from './finance-ui';
import '../messages';

type CoinTotals = EndpointData<'adminCoinPackages'>['totals'];

function Stat({ label, value, hint }: { label: string; value: ReactNode; hint: string }) {
  return (
    <div className="rounded-lg bg-ink-950/50 p-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-zinc-400">{label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums text-white">{value}</dd>
      <dd className="mt-0.5 text-xs text-zinc-400">{hint}</dd>
    </div>
  );
}

/** Where the store's coins came from and went, and what coin sales earned in each currency. */
function CoinTotalsCard({ totals }: { totals: CoinTotals }) {
  const t = useT();
  const format = useFormat();
  const revenue = Object.entries(totals.revenueCents).filter(([, cents]) => cents !== 0);
  return (
    <section aria-labelledby="coin-totals" className="rounded-xl border border-ink-800 bg-ink-900 p-4">
      <h2 id="coin-totals" className="mb-3 font-semibold text-white">
        {t('dashboard.finances.coins.totals')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Stat
          label={t('dashboard.finances.coins.sold')}
          value={format.count(totals.sold)}
          hint={t('dashboard.finances.coins.soldHint')}
        />
        <Stat
          label={t('dashboard.finances.coins.spent')}
          value={format.count(totals.spent)}
          hint={t('dashboard.finances.coins.spentHint')}
        />
        <Stat
          label={t('dashboard.finances.coins.fromSubscriptions')}
          value={format.count(totals.fromSubscriptions)}
          hint={t('dashboard.finances.coins.fromSubscriptionsHint')}
        />
        <Stat
          label={t('dashboard.finances.coins.refunded')}
          value={format.count(totals.refunded)}
          hint={t('dashboard.finances.coins.refundedHint')}
        />
        <Stat
          label={t('dashboard.finances.coins.inWallets')}
          value={format.count(totals.inWallets)}
          hint={t('dashboard.finances.coins.inWalletsHint')}
        />
        <Stat
          label={t('dashboard.finances.coins.revenue')}
          value={
            revenue.length === 0 ? (
              format.money(0, 'usd')
            ) : (
              <span className="flex flex-col">
                {revenue.map(([currency, cents]) => (
                  <span key={currency}>{format.money(cents, currency)}</span>
                ))}
              </span>
            )
          }
          hint={t('dashboard.finances.coins.revenueHint')}
        />
      </dl>
    </section>
  );
}

function ActiveButton({ item }: { item: AdminCoinPackage }) {
  const t = useT();
  const toast = useToast();
  const updatePackage = useUpdateCoinPackage();
  return (
    <button
      type="button"
      disabled={updatePackage.isPending}
      className={rowButton}
      aria-label={t(item.isActive ? 'dashboard.finances.coins.deactivateLabel' : 'dashboard.finances.coins.activateLabel', {
        name: item.name,
      })}
      onClick={() =>
        updatePackage.mutate(
          { id: item.id, body: { isActive: !item.isActive } },
          {
            onSuccess: (saved) =>
              toast({
                type: 'success',
                message: t(saved.isActive ? 'dashboard.finances.coins.activated' : 'dashboard.finances.coins.deactivated', {
                  name: saved.name,
                }),
                duration: 4000,
              }),
            onError: (error) =>
              toast({ type: 'error', message: error.message || t('dashboard.finances.savingFailed'), duration: 5000 }),
          },
        )
      }
    >
      {t(item.isActive ? 'dashboard.finances.coins.deactivate' : 'dashboard.finances.coins.activate')}
    </button>
  );
}

/** /Dashboard/Finances/Coins: the coin packages of the store, in their order, and the coin totals. */
export default function CoinsPage() {
  const t = useT();
  useDocumentTitle(t('dashboard.finances.coins.title'));
  const toast = useToast();
  const packages = useAdminCoinPackages();
  // 'new' for the new-package form, a package's id while editing it.
  const [editing, setEditing] = useState<string | null>(null);
  const edited = packages.data?.items.find((item) => item.id === editing);
  const isAdding = editing === 'new';

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('dashboard.finances.coins.title')}
        description={t('dashboard.finances.coins.pageDescription')}
        actions={
          !isAdding && (
            <button type="button" onClick={() => setEditing('new')} className={primaryButton}>
              <Plus className="size-4" aria-hidden /> {t('dashboard.finances.coins.newButton')}
            </button>
          )
        }
      />

      {(isAdding || edited) && (
        <FormPanel
          title={edited ? t('dashboard.finances.editLabel', { name: edited.name }) : t('dashboard.finances.coins.new')}
          scrollKey={editing ?? undefined}
        >
          <CoinPackageForm
            key={editing}
            {...(edited ? { item: edited } : {})}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              toast({
                type: 'success',
                message: t(edited ? 'dashboard.finances.savedName' : 'dashboard.finances.createdName', { name: saved.name }),
                duration: 4000,
              });
            }}
          />
        </FormPanel>
      )}

      <QueryState query={packages} loading={t('dashboard.finances.coins.loading')} error={t('dashboard.finances.coins.error')}>
        {({ items, totals }) => (
          <>
            <CoinTotalsCard totals={totals} />
            <section aria-labelledby="packages-title">
              <h2 id="packages-title" className="mb-3 font-semibold text-white">
                {t('dashboard.finances.coins.packages')}
              </h2>
              {items.length === 0 ? (
                <EmptyState>{t('dashboard.finances.coins.empty')}</EmptyState>
              ) : (
                <PackagesTable items={items} onEdit={setEditing} />
              )}
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}

function PackagesTable({ items, onEdit }: { items: AdminCoinPackage[]; onEdit(id: string): void }) {
  const t = useT();
  const format = useFormat();
  return (
    <StackedTable
      head={
        <>
          <Th className="w-16">{t('dashboard.finances.coins.order')}</Th>
          <Th>{t('dashboard.finances.coins.package')}</Th>
          <Th className="text-right">{t('dashboard.finances.coins.coins')}</Th>
          <Th className="text-right">{t('dashboard.fields.price')}</Th>
          <Th>{t('dashboard.finances.status')}</Th>
          <Th className="text-right">{t('dashboard.finances.plans.sold')}</Th>
          <HiddenTh>{t('dashboard.finances.actions')}</HiddenTh>
        </>
      }
    >
      {items.map((item) => (
        <tr key={item.id} role="row" className={`${stacked.row} ${item.isActive ? '' : 'text-zinc-400'}`}>
          <td role="cell" className={`order-5 tabular-nums text-zinc-400 ${stacked.cell}`}>
            <CellLabel>{t('dashboard.finances.coins.orderCell')}</CellLabel>
            {item.position}
          </td>
          <td role="cell" className={`order-1 min-w-0 font-medium text-zinc-100 ${stacked.cell}`}>
            {item.name}
          </td>
          <td role="cell" className={`order-3 whitespace-nowrap tabular-nums text-zinc-200 sm:text-right ${stacked.cell}`}>
            <CellLabel>{t('dashboard.finances.coins.coinsCell')}</CellLabel>
            {format.count(item.coins)}
            {item.bonusCoins > 0 && (
              <span className="ml-1 text-xs text-emerald-300">
                {t('dashboard.finances.coins.bonusAmount', { bonus: format.count(item.bonusCoins) })}
              </span>
            )}
          </td>
          <td role="cell" className={`order-2 whitespace-nowrap text-right tabular-nums text-zinc-200 ${stacked.cell}`}>
            {format.money(item.priceCents, item.currency)}
          </td>
          <td role="cell" className={`order-4 text-right sm:text-left ${stacked.cell}`}>
            <SaleBadge isActive={item.isActive} offLabel={t('dashboard.finances.coins.inactive')} />
          </td>
          <td role="cell" className={`order-6 text-right tabular-nums text-zinc-300 ${stacked.cell}`}>
            <CellLabel>{t('dashboard.finances.plans.soldCell')}</CellLabel>
            {format.count(item.sold)}
          </td>
          <td role="cell" className={`order-7 col-span-2 ${stacked.actions}`}>
            <button
              type="button"
              className={rowButton}
              aria-label={t('dashboard.finances.editLabel', { name: item.name })}
              onClick={() => onEdit(item.id)}
            >
              {t('dashboard.finances.edit')}
            </button>
            <ActiveButton item={item} />
          </td>
        </tr>
      ))}
    </StackedTable>
  );
}
