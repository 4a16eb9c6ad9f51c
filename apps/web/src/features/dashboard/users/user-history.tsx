// i18n: not yet in the catalogues (issue 35)
import type { AdminUserDetail } from '@inkwell/contract';
import { Link, useSearchParams } from 'react-router';
import { formatCoins, formatMoney } from '../../../lib/money';
import { formatDateTime } from '../../../lib/time';
import { CellLabel, stacked, StackedTable, Th } from '../components/data-table';
import { EmptyState } from '../components/list-frame';
import { PurchaseStatusBadge, purchaseItem } from '../finances/finance-ui';
import { ledgerKindLabel } from './user-ui';

const TABS = [
  { value: 'purchases', label: 'Purchases' },
  { value: 'ledger', label: 'Ledger' },
  { value: 'comments', label: 'Comments' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** "Showing the newest 20 of 54", with where to see them all. */
function More({ shown, total, to, label }: { shown: number; total: number; to?: string; label?: string }) {
  if (total <= shown) return null;
  return (
    <p className="mt-2 text-xs text-zinc-400">
      The newest {shown} of {total}.{' '}
      {to && (
        <Link to={to} className="text-accent-400 hover:underline">
          {label}
        </Link>
      )}
    </p>
  );
}

function Purchases({ user }: { user: AdminUserDetail }) {
  const { items, total } = user.purchases;
  if (items.length === 0) return <EmptyState>No purchases.</EmptyState>;
  return (
    <>
      <StackedTable
        head={
          <>
            <Th>Date</Th>
            <Th>Item</Th>
            <Th className="text-right">Amount</Th>
            <Th>Status</Th>
          </>
        }
      >
        {items.map((purchase) => (
          <tr key={purchase.id} role="row" data-testid="user-purchase" className={stacked.row}>
            <td
              role="cell"
              className={`order-3 whitespace-nowrap text-xs text-zinc-400 sm:text-sm sm:text-zinc-300 ${stacked.cell}`}
            >
              {formatDateTime(purchase.createdAt)}
            </td>
            <td role="cell" className={`order-1 min-w-0 text-zinc-100 ${stacked.cell}`}>
              {purchaseItem(purchase)}
            </td>
            <td role="cell" className={`order-2 whitespace-nowrap text-right tabular-nums text-zinc-100 ${stacked.cell}`}>
              {formatMoney(purchase.amountCents, purchase.currency)}
            </td>
            <td role="cell" className={`order-4 text-right sm:text-left ${stacked.cell}`}>
              <PurchaseStatusBadge status={purchase.status} />
            </td>
          </tr>
        ))}
      </StackedTable>
      <More
        shown={items.length}
        total={total}
        to={`/Dashboard/Finances/Purchases?q=${encodeURIComponent(user.email)}`}
        label="All their purchases"
      />
    </>
  );
}

function Ledger({ user }: { user: AdminUserDetail }) {
  const { items, total } = user.ledger;
  if (items.length === 0) return <EmptyState>No coins have moved yet.</EmptyState>;
  return (
    <>
      <StackedTable
        head={
          <>
            <Th>Date</Th>
            <Th>Kind</Th>
            <Th>Reason</Th>
            <Th className="text-right">Coins</Th>
            <Th className="text-right">Balance after</Th>
          </>
        }
      >
        {items.map((entry) => (
          <tr key={entry.id} role="row" data-testid="user-ledger-entry" className={stacked.row}>
            <td
              role="cell"
              className={`order-4 whitespace-nowrap text-xs text-zinc-400 sm:text-sm sm:text-zinc-300 ${stacked.cell}`}
            >
              {formatDateTime(entry.createdAt)}
            </td>
            <td role="cell" className={`order-1 text-zinc-100 ${stacked.cell}`}>
              {ledgerKindLabel(entry.kind)}
            </td>
            <td role="cell" className={`order-3 col-span-2 min-w-0 break-words text-zinc-300 ${stacked.cell}`}>
              {entry.reason}
            </td>
            <td
              role="cell"
              className={`order-2 whitespace-nowrap text-right font-semibold tabular-nums ${entry.delta > 0 ? 'text-emerald-300' : 'text-rose-300'} ${stacked.cell}`}
            >
              {entry.delta > 0 ? '+' : '−'}
              {formatCoins(Math.abs(entry.delta))}
            </td>
            <td role="cell" className={`order-5 whitespace-nowrap text-right tabular-nums text-zinc-300 ${stacked.cell}`}>
              <CellLabel>Balance</CellLabel>
              {formatCoins(entry.balanceAfter)}
            </td>
          </tr>
        ))}
      </StackedTable>
      <More shown={items.length} total={total} />
    </>
  );
}

function Comments({ user }: { user: AdminUserDetail }) {
  const { items, total } = user.comments;
  const moderate = `/Dashboard/Comments?userId=${user.id}&user=${encodeURIComponent(user.username)}`;
  if (items.length === 0) return <EmptyState>No comments.</EmptyState>;
  return (
    <>
      <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800">
        {items.map((comment) => (
          <li key={comment.id} data-testid="user-comment" className="px-4 py-3">
            <p className="flex flex-wrap items-center gap-x-2 text-xs text-zinc-400">
              <span>{comment.series.title}</span>
              {comment.chapter && <span>· Chapter {comment.chapter.number}</span>}
              <span>· {formatDateTime(comment.createdAt)}</span>
              {comment.hidden && <span className="rounded bg-zinc-500/20 px-1.5 text-zinc-300">Hidden</span>}
              {comment.reportCount > 0 && (
                <span className="rounded bg-amber-500/15 px-1.5 text-amber-300">
                  {comment.reportCount} {comment.reportCount === 1 ? 'report' : 'reports'}
                </span>
              )}
            </p>
            {/* Plain text, as written. */}
            <p className="mt-1 line-clamp-3 whitespace-pre-wrap break-words text-sm text-zinc-100">{comment.body}</p>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-zinc-400">
        {total > items.length ? `The newest ${items.length} of ${total}. ` : ''}
        <Link to={moderate} className="text-accent-400 hover:underline">
          Moderate their comments
        </Link>
      </p>
    </>
  );
}

/** The user's purchases, ledger and comments, one tab at a time (the tab is in the URL). */
export function UserHistory({ user }: { user: AdminUserDetail }) {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((item) => item.value === params.get('tab'))?.value ?? 'purchases';
  const counts: Record<Tab, number> = {
    purchases: user.purchases.total,
    ledger: user.ledger.total,
    comments: user.comments.total,
  };

  return (
    <section aria-label="History">
      <div role="tablist" aria-label="History" className="flex w-fit rounded-lg bg-ink-900 p-1">
        {TABS.map((item) => (
          <button
            key={item.value}
            type="button"
            role="tab"
            id={`user-tab-${item.value}`}
            aria-selected={tab === item.value}
            aria-controls="user-tab-panel"
            onClick={() => {
              const next = new URLSearchParams(params);
              if (item.value === 'purchases') next.delete('tab');
              else next.set('tab', item.value);
              setParams(next, { replace: true });
            }}
            className={`rounded-md px-3 py-1.5 text-sm ${tab === item.value ? 'bg-ink-700 font-semibold text-zinc-100' : 'text-zinc-400 hover:text-zinc-100'}`}
          >
            {item.label} <span className="tabular-nums text-zinc-400">({counts[item.value]})</span>
          </button>
        ))}
      </div>
      <div id="user-tab-panel" role="tabpanel" aria-labelledby={`user-tab-${tab}`} className="mt-3">
        {tab === 'purchases' ? <Purchases user={user} /> : tab === 'ledger' ? <Ledger user={user} /> : <Comments user={user} />}
      </div>
    </section>
  );
}
