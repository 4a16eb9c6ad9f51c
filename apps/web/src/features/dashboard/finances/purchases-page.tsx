import { PURCHASE_KINDS, PURCHASE_STATUSES, type AdminPurchase, type EndpointQuery } from '@inkwell/contract';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { formatMoney } from '../../../lib/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SelectField } from '../components/fields';
import { oneOf, useListParams } from '../components/use-list-params';
import { useAdminPurchases } from './api/list-admin-purchases';
import { formatDateTime, PurchaseStatusBadge, purchaseItem, purchaseStatusLabel, rowButton, stacked, Th } from './finance-ui';
import { PurchaseDrawer } from './purchase-drawer';

type Kind = (typeof PURCHASE_KINDS)[number];

/** The list's search, filters and page live in the URL, so a view can be reloaded and shared. */
function usePurchaseQuery() {
  const { params, text, setText, setFilter, q, page } = useListParams();
  const status = oneOf(PURCHASE_STATUSES, params.get('status'));
  const kind = oneOf(PURCHASE_KINDS, params.get('kind'));
  const query = useMemo(
    (): EndpointQuery<'adminPurchases'> => ({
      page,
      ...(q ? { q } : {}),
      ...(status ? { status } : {}),
      ...(kind ? { kind } : {}),
    }),
    [page, q, status, kind],
  );
  return { text, setText, status, kind, setFilter, query, isFiltered: Boolean(q || status || kind) };
}

const kindLabel = (kind: Kind) => (kind === 'coins' ? 'Coins' : 'Subscription');

/** /Dashboard/Finances/Purchases: every purchase, newest first, with its details and its refund. */
export default function PurchasesPage() {
  useDocumentTitle('Purchases');
  const { text, setText, status, kind, setFilter, query, isFiltered } = usePurchaseQuery();
  const list = useAdminPurchases(query);
  const [open, setOpen] = useState<AdminPurchase | null>(null);

  return (
    <div>
      <h1 className="text-2xl font-bold text-white">Purchases</h1>
      <p className="mt-1 text-sm text-zinc-400">Every purchase of coins and subscriptions, newest first.</p>

      <div className="mt-5 flex flex-wrap items-end gap-3">
        <div className="relative w-full sm:w-80">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
          <input
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="User name, e-mail or purchase id"
            aria-label="Search purchases by user name, e-mail or purchase id"
            className="w-full rounded-lg border border-ink-700 bg-ink-900 py-2 pl-9 pr-3 text-sm text-zinc-100 placeholder:text-zinc-400 focus:border-accent-500 focus:outline-none"
          />
        </div>
        <SelectField label="Status" value={status ?? ''} onChange={(e) => setFilter('status', e.target.value)} className="w-40">
          <option value="">All statuses</option>
          {PURCHASE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {purchaseStatusLabel(value)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Kind" value={kind ?? ''} onChange={(e) => setFilter('kind', e.target.value)} className="w-40">
          <option value="">All kinds</option>
          {PURCHASE_KINDS.map((value) => (
            <option key={value} value={value}>
              {kindLabel(value)}
            </option>
          ))}
        </SelectField>
      </div>

      <div className="mt-5">
        {list.isPending ? (
          <p className="text-zinc-400">Loading purchases…</p>
        ) : list.isError ? (
          <LoadError message="We could not load the purchases." onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <p className="rounded-xl border border-ink-800 bg-ink-900 p-6 text-zinc-400">
            {isFiltered ? 'No purchases match this search.' : 'No purchases yet.'}
          </p>
        ) : (
          <>
            <p className="mb-2 text-xs text-zinc-400" aria-live="polite">
              {list.data.pagination.total} {list.data.pagination.total === 1 ? 'purchase' : 'purchases'}
            </p>
            {/* On a phone each row is a small card (user and amount, item and status, date and details); from sm up, a table. */}
            <div className="relative overflow-x-auto rounded-xl border border-ink-800">
              <table role="table" className={stacked.table}>
                <thead className={stacked.head}>
                  <tr>
                    <Th>Date</Th>
                    <Th>User</Th>
                    <Th>Item</Th>
                    <Th className="text-right">Amount</Th>
                    <Th>Status</Th>
                    <Th>
                      <span className="sr-only">Details</span>
                    </Th>
                  </tr>
                </thead>
                <tbody role="rowgroup" className={stacked.body}>
                  {list.data.items.map((purchase) => (
                    <tr
                      key={purchase.id}
                      role="row"
                      data-testid="purchase-row"
                      onClick={() => setOpen(purchase)}
                      className={`${stacked.row} cursor-pointer hover:bg-ink-900/60`}
                    >
                      <td
                        role="cell"
                        className={`order-5 whitespace-nowrap text-xs text-zinc-400 sm:text-sm sm:text-zinc-300 ${stacked.cell}`}
                      >
                        {formatDateTime(purchase.createdAt)}
                      </td>
                      <td role="cell" className={`order-1 min-w-0 ${stacked.cell}`}>
                        <p className="truncate font-medium text-zinc-100">{purchase.user.username}</p>
                        <p className="truncate text-xs text-zinc-400">{purchase.user.email}</p>
                      </td>
                      <td role="cell" className={`order-3 min-w-0 text-zinc-300 ${stacked.cell}`}>
                        {purchaseItem(purchase)}
                      </td>
                      <td
                        role="cell"
                        className={`order-2 whitespace-nowrap text-right tabular-nums text-zinc-100 ${stacked.cell}`}
                      >
                        {formatMoney(purchase.amountCents, purchase.currency)}
                      </td>
                      <td role="cell" className={`order-4 text-right sm:text-left ${stacked.cell}`}>
                        <PurchaseStatusBadge status={purchase.status} />
                      </td>
                      <td role="cell" className={`order-6 ${stacked.actions}`}>
                        <button
                          type="button"
                          className={rowButton}
                          aria-label={`Details of the purchase by ${purchase.user.username} on ${formatDateTime(purchase.createdAt)}`}
                          onClick={(event) => {
                            event.stopPropagation();
                            setOpen(purchase);
                          }}
                        >
                          Details
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination page={list.data.pagination.page} totalPages={list.data.pagination.totalPages} />
          </>
        )}
      </div>

      {open && <PurchaseDrawer key={open.id} fromList={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
