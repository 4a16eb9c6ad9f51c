import { PURCHASE_KINDS, PURCHASE_STATUSES, type AdminPurchase, type EndpointQuery } from '@inkwell/contract';
import { useMemo, useState } from 'react';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { HiddenTh, rowButton, stacked, StackedTable, Th } from '../components/data-table';
import { SelectField } from '../components/fields';
import { ListFrame, SearchBox } from '../components/list-frame';
import { oneOf, useListParams } from '../components/use-list-params';
import { useAdminPurchases } from './api/list-admin-purchases';
import { PurchaseItem, PurchaseStatusBadge, purchaseStatusLabel } from './finance-ui';
import { PurchaseDrawer } from './purchase-drawer';
import '../messages';

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

const KIND_IDS: Record<Kind, string> = {
  coins: 'dashboard.finances.purchases.kind.coins',
  plan: 'dashboard.finances.purchases.kind.subscription',
  tier: 'dashboard.tiers.purchaseKind',
};

/** /Dashboard/Finances/Purchases: every purchase, newest first, with its details and its refund. */
export default function PurchasesPage() {
  const t = useT();
  const format = useFormat();
  useDocumentTitle(t('dashboard.finances.purchases.title'));
  const { text, setText, status, kind, setFilter, query, isFiltered } = usePurchaseQuery();
  const list = useAdminPurchases(query);
  const [open, setOpen] = useState<AdminPurchase | null>(null);

  return (
    <>
      <ListFrame
        title={t('dashboard.finances.purchases.title')}
        description={t('dashboard.finances.purchases.description')}
        filters={
          <>
            <SearchBox
              value={text}
              onChange={setText}
              placeholder={t('dashboard.finances.purchases.searchPlaceholder')}
              label={t('dashboard.finances.purchases.searchLabel')}
            />
            <SelectField
              label={t('dashboard.finances.status')}
              value={status ?? ''}
              onChange={(e) => setFilter('status', e.target.value)}
              className="w-40"
            >
              <option value="">{t('dashboard.finances.purchases.allStatuses')}</option>
              {PURCHASE_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {purchaseStatusLabel(t, value)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('dashboard.finances.purchases.kindLabel')}
              value={kind ?? ''}
              onChange={(e) => setFilter('kind', e.target.value)}
              className="w-40"
            >
              <option value="">{t('dashboard.finances.purchases.allKinds')}</option>
              {PURCHASE_KINDS.map((value) => (
                <option key={value} value={value}>
                  {t(KIND_IDS[value])}
                </option>
              ))}
            </SelectField>
          </>
        }
        query={list}
        loading={t('dashboard.finances.purchases.loading')}
        error={t('dashboard.finances.purchases.error')}
        empty={t(isFiltered ? 'dashboard.finances.purchases.noMatch' : 'dashboard.finances.purchases.empty')}
        count={(total) => t('dashboard.finances.purchases.count', { count: total })}
      >
        {(purchases) => (
          // On a phone each row is a small card (user and amount, item and status, date and details); from sm up, a table.
          <StackedTable
            head={
              <>
                <Th>{t('dashboard.finances.purchases.date')}</Th>
                <Th>{t('dashboard.finances.purchases.user')}</Th>
                <Th>{t('dashboard.finances.purchases.item')}</Th>
                <Th className="text-right">{t('dashboard.finances.purchases.amount')}</Th>
                <Th>{t('dashboard.finances.status')}</Th>
                <HiddenTh>{t('dashboard.finances.purchases.details')}</HiddenTh>
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
                  {format.dateTime(purchase.createdAt)}
                </td>
                <td role="cell" className={`order-1 min-w-0 ${stacked.cell}`}>
                  <p className="truncate font-medium text-zinc-100">{purchase.user.username}</p>
                  <p className="truncate text-xs text-zinc-400">{purchase.user.email}</p>
                </td>
                <td role="cell" className={`order-3 min-w-0 text-zinc-300 ${stacked.cell}`}>
                  <PurchaseItem purchase={purchase} />
                </td>
                <td role="cell" className={`order-2 whitespace-nowrap text-right tabular-nums text-zinc-100 ${stacked.cell}`}>
                  {format.money(purchase.amountCents, purchase.currency)}
                </td>
                <td role="cell" className={`order-4 text-right sm:text-left ${stacked.cell}`}>
                  <PurchaseStatusBadge status={purchase.status} />
                </td>
                <td role="cell" className={`order-6 ${stacked.actions}`}>
                  <button
                    type="button"
                    className={rowButton}
                    aria-label={t('dashboard.finances.purchases.detailsLabel', {
                      name: purchase.user.username,
                      date: format.dateTime(purchase.createdAt),
                    })}
                    onClick={(event) => {
                      event.stopPropagation();
                      setOpen(purchase);
                    }}
                  >
                    {t('dashboard.finances.purchases.details')}
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
