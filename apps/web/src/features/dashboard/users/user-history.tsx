import type { AdminUserDetail } from '@inkwell/contract';
import { Link, useSearchParams } from 'react-router';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { CellLabel, stacked, StackedTable, Th } from '../components/data-table';
import { EmptyState } from '../components/list-frame';
import { PurchaseItem, PurchaseStatusBadge } from '../finances/finance-ui';
import { ledgerKindLabel } from './user-ui';
import '../messages';

const TABS = [
  { value: 'purchases', label: 'dashboard.users.history.purchases' },
  { value: 'ledger', label: 'dashboard.users.history.ledger' },
  { value: 'comments', label: 'dashboard.users.history.comments' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** "Showing the newest 20 of 54", with where to see them all. */
function More({ shown, total, to, label }: { shown: number; total: number; to?: string; label?: string }) {
  const t = useT();
  if (total <= shown) return null;
  return (
    <p className="mt-2 text-xs text-zinc-400">
      {t('dashboard.users.history.newest', { shown, total })}{' '}
      {to && (
        <Link to={to} className="text-accent-400 hover:underline">
          {label}
        </Link>
      )}
    </p>
  );
}

function Purchases({ user }: { user: AdminUserDetail }) {
  const t = useT();
  const format = useFormat();
  const { items, total } = user.purchases;
  if (items.length === 0) return <EmptyState>{t('dashboard.users.history.noPurchases')}</EmptyState>;
  return (
    <>
      <StackedTable
        head={
          <>
            <Th>{t('dashboard.users.history.date')}</Th>
            <Th>{t('dashboard.users.history.item')}</Th>
            <Th className="text-right">{t('dashboard.users.history.amount')}</Th>
            <Th>{t('dashboard.users.history.status')}</Th>
          </>
        }
      >
        {items.map((purchase) => (
          <tr key={purchase.id} role="row" data-testid="user-purchase" className={stacked.row}>
            <td
              role="cell"
              className={`order-3 whitespace-nowrap text-xs text-zinc-400 sm:text-sm sm:text-zinc-300 ${stacked.cell}`}
            >
              {format.dateTime(purchase.createdAt)}
            </td>
            <td role="cell" className={`order-1 min-w-0 text-zinc-100 ${stacked.cell}`}>
              <PurchaseItem purchase={purchase} />
            </td>
            <td role="cell" className={`order-2 whitespace-nowrap text-right tabular-nums text-zinc-100 ${stacked.cell}`}>
              {format.money(purchase.amountCents, purchase.currency)}
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
        label={t('dashboard.users.history.allPurchases')}
      />
    </>
  );
}

function Ledger({ user }: { user: AdminUserDetail }) {
  const t = useT();
  const format = useFormat();
  const { items, total } = user.ledger;
  if (items.length === 0) return <EmptyState>{t('dashboard.users.history.noLedger')}</EmptyState>;
  return (
    <>
      <StackedTable
        head={
          <>
            <Th>{t('dashboard.users.history.date')}</Th>
            <Th>{t('dashboard.users.history.kind')}</Th>
            <Th>{t('dashboard.users.actions.reason')}</Th>
            <Th className="text-right">{t('dashboard.users.coins')}</Th>
            <Th className="text-right">{t('dashboard.users.history.balanceAfter')}</Th>
          </>
        }
      >
        {items.map((entry) => (
          <tr key={entry.id} role="row" data-testid="user-ledger-entry" className={stacked.row}>
            <td
              role="cell"
              className={`order-4 whitespace-nowrap text-xs text-zinc-400 sm:text-sm sm:text-zinc-300 ${stacked.cell}`}
            >
              {format.dateTime(entry.createdAt)}
            </td>
            <td role="cell" className={`order-1 text-zinc-100 ${stacked.cell}`}>
              {ledgerKindLabel(t, entry.kind)}
            </td>
            <td role="cell" className={`order-3 col-span-2 min-w-0 break-words text-zinc-300 ${stacked.cell}`}>
              {entry.reason}
            </td>
            <td
              role="cell"
              className={`order-2 whitespace-nowrap text-right font-semibold tabular-nums ${entry.delta > 0 ? 'text-emerald-300' : 'text-rose-300'} ${stacked.cell}`}
            >
              {entry.delta > 0 ? '+' : '−'}
              {format.count(Math.abs(entry.delta))}
            </td>
            <td role="cell" className={`order-5 whitespace-nowrap text-right tabular-nums text-zinc-300 ${stacked.cell}`}>
              <CellLabel>{t('dashboard.users.history.balance')}</CellLabel>
              {format.count(entry.balanceAfter)}
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
  const t = useT();
  const format = useFormat();
  const moderate = `/Dashboard/Comments?userId=${user.id}&user=${encodeURIComponent(user.username)}`;
  if (items.length === 0) return <EmptyState>{t('dashboard.users.history.noComments')}</EmptyState>;
  return (
    <>
      <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800">
        {items.map((comment) => (
          <li key={comment.id} data-testid="user-comment" className="px-4 py-3">
            <p className="flex flex-wrap items-center gap-x-2 text-xs text-zinc-400">
              <span>{comment.series.title}</span>
              {comment.chapter && <span>{t('dashboard.users.history.chapter', { number: comment.chapter.number })}</span>}
              <span>· {format.dateTime(comment.createdAt)}</span>
              {comment.hidden && (
                <span className="rounded bg-zinc-500/20 px-1.5 text-zinc-300">{t('dashboard.users.history.hidden')}</span>
              )}
              {comment.reportCount > 0 && (
                <span className="rounded bg-amber-500/15 px-1.5 text-amber-300">
                  {t('dashboard.users.history.reports', { count: comment.reportCount })}
                </span>
              )}
            </p>
            {/* Plain text, as written. */}
            <p className="mt-1 line-clamp-3 whitespace-pre-wrap break-words text-sm text-zinc-100">{comment.body}</p>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-zinc-400">
        {total > items.length && <>{t('dashboard.users.history.newest', { shown: items.length, total })} </>}
        <Link to={moderate} className="text-accent-400 hover:underline">
          {t('dashboard.users.history.moderate')}
        </Link>
      </p>
    </>
  );
}

/** The user's purchases, ledger and comments, one tab at a time (the tab is in the URL). */
export function UserHistory({ user }: { user: AdminUserDetail }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((item) => item.value === params.get('tab'))?.value ?? 'purchases';
  const counts: Record<Tab, number> = {
    purchases: user.purchases.total,
    ledger: user.ledger.total,
    comments: user.comments.total,
  };

  return (
    <section aria-label={t('dashboard.users.history.title')}>
      <div role="tablist" aria-label={t('dashboard.users.history.title')} className="flex w-fit rounded-lg bg-ink-900 p-1">
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
            {t(item.label)} <span className="tabular-nums text-zinc-400">({counts[item.value]})</span>
          </button>
        ))}
      </div>
      <div id="user-tab-panel" role="tabpanel" aria-labelledby={`user-tab-${tab}`} className="mt-3">
        {tab === 'purchases' ? <Purchases user={user} /> : tab === 'ledger' ? <Ledger user={user} /> : <Comments user={user} />}
      </div>
    </section>
  );
}
