// i18n: not yet in the catalogues (issue 35)
import type { AdminCoinPackage, EndpointData } from '@inkwell/contract';
import { Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { primaryButton } from '../../../components/button-styles';
import { useToast } from '../../../components/toast/toast-context';
import { formatCoins, formatMoney } from '../../../lib/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CellLabel, HiddenTh, rowButton, stacked, StackedTable, Th } from '../components/data-table';
import { FormPanel } from '../components/edit-form';
import { EmptyState, PageHeader, QueryState } from '../components/list-frame';
import { useAdminCoinPackages } from './api/list-admin-coin-packages';
import { useUpdateCoinPackage } from './api/update-coin-package';
import { CoinPackageForm } from './coin-package-form';
import { SaleBadge } from './finance-ui';

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
  const revenue = Object.entries(totals.revenueCents).filter(([, cents]) => cents !== 0);
  return (
    <section aria-labelledby="coin-totals" className="rounded-xl border border-ink-800 bg-ink-900 p-4">
      <h2 id="coin-totals" className="mb-3 font-semibold text-white">
        Coin totals
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Stat label="Sold" value={formatCoins(totals.sold)} hint="Credited by paid purchases, net of refunds" />
        <Stat label="Spent" value={formatCoins(totals.spent)} hint="On chapter unlocks" />
        <Stat label="From subscriptions" value={formatCoins(totals.fromSubscriptions)} hint="Credited by plans" />
        <Stat label="Refunded" value={formatCoins(totals.refunded)} hint="Taken back by refunds" />
        <Stat label="In wallets" value={formatCoins(totals.inWallets)} hint="Readers hold now" />
        <Stat
          label="Revenue"
          value={
            revenue.length === 0 ? (
              formatMoney(0, 'usd')
            ) : (
              <span className="flex flex-col">
                {revenue.map(([currency, cents]) => (
                  <span key={currency}>{formatMoney(cents, currency)}</span>
                ))}
              </span>
            )
          }
          hint="Paid coin purchases, per currency"
        />
      </dl>
    </section>
  );
}

function ActiveButton({ item }: { item: AdminCoinPackage }) {
  const toast = useToast();
  const updatePackage = useUpdateCoinPackage();
  return (
    <button
      type="button"
      disabled={updatePackage.isPending}
      className={rowButton}
      aria-label={`${item.isActive ? 'Deactivate' : 'Activate'} ${item.name}`}
      onClick={() =>
        updatePackage.mutate(
          { id: item.id, body: { isActive: !item.isActive } },
          {
            onSuccess: (saved) =>
              toast({
                type: 'success',
                message: saved.isActive ? `${saved.name} is on sale.` : `${saved.name} is no longer sold.`,
                duration: 4000,
              }),
            onError: (error) => toast({ type: 'error', message: error.message || 'Saving failed', duration: 5000 }),
          },
        )
      }
    >
      {item.isActive ? 'Deactivate' : 'Activate'}
    </button>
  );
}

/** /Dashboard/Finances/Coins: the coin packages of the store, in their order, and the coin totals. */
export default function CoinsPage() {
  useDocumentTitle('Coins');
  const toast = useToast();
  const packages = useAdminCoinPackages();
  // 'new' for the new-package form, a package's id while editing it.
  const [editing, setEditing] = useState<string | null>(null);
  const edited = packages.data?.items.find((item) => item.id === editing);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Coins"
        description="Coin packages sold in the store, and where the coins went."
        actions={
          editing !== 'new' && (
            <button type="button" onClick={() => setEditing('new')} className={primaryButton}>
              <Plus className="size-4" aria-hidden /> New package
            </button>
          )
        }
      />

      {(editing === 'new' || edited) && (
        <FormPanel title={edited ? `Edit ${edited.name}` : 'New coin package'} scrollKey={editing ?? undefined}>
          <CoinPackageForm
            key={editing}
            {...(edited ? { item: edited } : {})}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              toast({ type: 'success', message: edited ? `${saved.name} saved.` : `${saved.name} created.`, duration: 4000 });
            }}
          />
        </FormPanel>
      )}

      <QueryState query={packages} loading="Loading coin packages…" error="We could not load the coin packages.">
        {({ items, totals }) => (
          <>
            <CoinTotalsCard totals={totals} />
            <section aria-labelledby="packages-title">
              <h2 id="packages-title" className="mb-3 font-semibold text-white">
                Packages
              </h2>
              {items.length === 0 ? (
                <EmptyState>No coin packages yet. Create one to sell coins.</EmptyState>
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
  return (
    <StackedTable
      head={
        <>
          <Th className="w-16">Order</Th>
          <Th>Package</Th>
          <Th className="text-right">Coins</Th>
          <Th className="text-right">Price</Th>
          <Th>Status</Th>
          <Th className="text-right">Sold</Th>
          <HiddenTh>Actions</HiddenTh>
        </>
      }
    >
      {items.map((item) => (
        <tr key={item.id} role="row" className={`${stacked.row} ${item.isActive ? '' : 'text-zinc-400'}`}>
          <td role="cell" className={`order-5 tabular-nums text-zinc-400 ${stacked.cell}`}>
            <CellLabel>Order:</CellLabel>
            {item.position}
          </td>
          <td role="cell" className={`order-1 min-w-0 font-medium text-zinc-100 ${stacked.cell}`}>
            {item.name}
          </td>
          <td role="cell" className={`order-3 whitespace-nowrap tabular-nums text-zinc-200 sm:text-right ${stacked.cell}`}>
            <CellLabel>Coins:</CellLabel>
            {formatCoins(item.coins)}
            {item.bonusCoins > 0 && <span className="ml-1 text-xs text-emerald-300">+{formatCoins(item.bonusCoins)} bonus</span>}
          </td>
          <td role="cell" className={`order-2 whitespace-nowrap text-right tabular-nums text-zinc-200 ${stacked.cell}`}>
            {formatMoney(item.priceCents, item.currency)}
          </td>
          <td role="cell" className={`order-4 text-right sm:text-left ${stacked.cell}`}>
            <SaleBadge isActive={item.isActive} offLabel="Inactive" />
          </td>
          <td role="cell" className={`order-6 text-right tabular-nums text-zinc-300 ${stacked.cell}`}>
            <CellLabel>Sold:</CellLabel>
            {formatCoins(item.sold)}
          </td>
          <td role="cell" className={`order-7 col-span-2 ${stacked.actions}`}>
            <button type="button" className={rowButton} aria-label={`Edit ${item.name}`} onClick={() => onEdit(item.id)}>
              Edit
            </button>
            <ActiveButton item={item} />
          </td>
        </tr>
      ))}
    </StackedTable>
  );
}
