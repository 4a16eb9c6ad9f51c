// i18n: not yet in the catalogues (issue 35)
import type { AdminPurchase } from '@inkwell/contract';
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

/** What a purchase bought, in a few words. */
export function purchaseItem(purchase: Pick<AdminPurchase, 'kind' | 'packageName' | 'planName' | 'coins'>): string {
  return purchase.kind === 'coins'
    ? `${purchase.packageName ?? 'Coin package'} · ${formatCoins(purchase.coins)} coins`
    : `${purchase.planName ?? 'Plan'} · subscription`;
}
