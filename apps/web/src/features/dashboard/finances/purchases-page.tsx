// i18n: not yet in the catalogues (issue 35)
import { PURCHASE_KINDS, PURCHASE_STATUSES, type AdminPurchase, type EndpointQuery } from '@inkwell/contract';
import { useMemo, useState } from 'react';
import { formatMoney } from '../../../lib/money';
import { formatDateTime } from '../../../lib/time';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { HiddenTh, rowButton, stacked, StackedTable, Th } from '../components/data-table';
import { SelectField } from '../components/fields';
import { ListFrame, SearchBox } from '../components/list-frame';
import { oneOf, useListParams } from '../components/use-list-params';
import { useAdminPurchases } from './api/list-admin-purchases';
import { PurchaseStatusBadge, purchaseItem, purchaseStatusLabel } from './finance-ui';
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
    <>
      <ListFrame
        title="Purchases"
        description="Every purchase of coins and subscriptions, newest first."
        filters={
          <>
            <SearchBox
              value={text}
              onChange={setText}
              placeholder="User name, e-mail or purchase id"
              label="Search purchases by user name, e-mail or purchase id"
            />
            <SelectField
              label="Status"
              value={status ?? ''}
              onChange={(e) => setFilter('status', e.target.value)}
              className="w-40"
            >
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
          </>
        }
        query={list}
        loading="Loading purchases…"
        error="We could not load the purchases."
        empty={isFiltered ? 'No purchases match this search.' : 'No purchases yet.'}
        count={(total) => `${total} ${total === 1 ? 'purchase' : 'purchases'}`}
      >
        {(purchases) => (
          // On a phone each row is a small card (user and amount, item and status, date and details); from sm up, a table.
          <StackedTable
            head={
              <>
                <Th>Date</Th>
                <Th>User</Th>
                <Th>Item</Th>
                <Th className="text-right">Amount</Th>
                <Th>Status</Th>
                <HiddenTh>Details</HiddenTh>
              </>
            }
          >
            {purchases.map((purchase) => (
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
                <td role="cell" className={`order-2 whitespace-nowrap text-right tabular-nums text-zinc-100 ${stacked.cell}`}>
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
          </StackedTable>
        )}
      </ListFrame>

      {open && <PurchaseDrawer key={open.id} fromList={open} onClose={() => setOpen(null)} />}
    </>
  );
}
