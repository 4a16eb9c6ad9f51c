import type { AdminPurchase } from '@inkwell/contract';
import type { ReactNode } from 'react';
import { formatCoins } from '../../../lib/money';

type PurchaseStatus = AdminPurchase['status'];

/** Whether a plan or package is on sale, in the words of its page ("Archived" for plans, "Inactive" for packages). */
export function SaleBadge({ isActive, offLabel }: { isActive: boolean; offLabel: string }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${
        isActive ? 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/30' : 'bg-zinc-500/15 text-zinc-300 ring-zinc-500/30'
      }`}
    >
      {isActive ? 'On sale' : offLabel}
    </span>
  );
}

/** A label and its value, for cards and the purchase's details. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-zinc-400">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-zinc-100">{children}</dd>
    </div>
  );
}

/** The text button of a table row (Edit, Archive, Details…). */
export const rowButton = 'rounded-lg px-3 py-1.5 text-sm font-medium text-accent-400 hover:bg-ink-800 disabled:opacity-60';

/** A table's header cell. */
export function Th({ children, className = '' }: { children?: ReactNode; className?: string }) {
  return (
    <th scope="col" className={`whitespace-nowrap px-4 py-3 ${className}`}>
      {children}
    </th>
  );
}

const STATUS_TONES: Record<PurchaseStatus, string> = {
  pending: 'bg-amber-500/15 text-amber-300 ring-amber-500/30',
  paid: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/30',
  cancelled: 'bg-zinc-500/15 text-zinc-300 ring-zinc-500/30',
  refunded: 'bg-sky-500/15 text-sky-300 ring-sky-500/30',
  failed: 'bg-rose-500/15 text-rose-300 ring-rose-500/30',
};

export const purchaseStatusLabel = (status: PurchaseStatus) => status.charAt(0).toUpperCase() + status.slice(1);

export function PurchaseStatusBadge({ status }: { status: PurchaseStatus }) {
  return (
    <span
      data-testid="purchase-status"
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_TONES[status]}`}
    >
      {purchaseStatusLabel(status)}
    </span>
  );
}

/** "Nov 22, 2026, 10:31": when money moved, to the minute. */
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** What a purchase bought, in a few words. */
export function purchaseItem(purchase: Pick<AdminPurchase, 'kind' | 'packageName' | 'planName' | 'coins'>): string {
  return purchase.kind === 'coins'
    ? `${purchase.packageName ?? 'Coin package'} · ${formatCoins(purchase.coins)} coins`
    : `${purchase.planName ?? 'Plan'} · subscription`;
}

/**
 * Tables that become cards on a phone: below sm each row is a two-column grid (cells placed with
 * `order-*`, labelled with CellLabel); from sm up it is a table again. Roles are explicit because
 * a table shown as blocks loses them.
 */
export const stacked = {
  table: 'block w-full text-left text-sm sm:table',
  head: 'hidden bg-ink-900 text-xs uppercase tracking-wide text-zinc-400 sm:table-header-group',
  body: 'block divide-y divide-ink-800 sm:table-row-group',
  row: 'grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1.5 px-4 py-3 sm:table-row sm:p-0',
  /** A cell's padding and place from sm up. */
  cell: 'sm:order-none sm:px-4 sm:py-3',
  /** The actions cell: its buttons' own padding lines them up with the card's edge on a phone. */
  actions: '-mr-3 whitespace-nowrap text-right sm:order-none sm:mr-0 sm:px-2 sm:py-3',
};

/** A cell's column name, shown on a phone where the table has no header row. */
export function CellLabel({ children }: { children: ReactNode }) {
  return <span className="text-xs text-zinc-400 sm:hidden">{children} </span>;
}
