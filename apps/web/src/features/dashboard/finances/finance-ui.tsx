import type { AdminPurchase } from '@inkwell/contract';
import { useFormat, type Formatters } from '../../../lib/i18n/format';
import { useT, type Translate } from '../../../lib/i18n/i18n-context';
import '../messages';

type PurchaseStatus = AdminPurchase['status'];

/** Whether a plan or package is on sale, in the words of its page ("Archived" for plans, "Inactive" for packages). */
export function SaleBadge({ isActive, offLabel }: { isActive: boolean; offLabel: string }) {
  const t = useT();
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${
        isActive ? 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/30' : 'bg-zinc-500/15 text-zinc-300 ring-zinc-500/30'
      }`}
    >
      {isActive ? t('dashboard.finances.onSale') : offLabel}
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

const STATUS_IDS: Record<PurchaseStatus, string> = {
  pending: 'dashboard.finances.status.pending',
  paid: 'dashboard.finances.status.paid',
  cancelled: 'dashboard.finances.status.cancelled',
  refunded: 'dashboard.finances.status.refunded',
  failed: 'dashboard.finances.status.failed',
};

/** A purchase's status in words ("Paid"). */
export const purchaseStatusLabel = (t: Translate, status: PurchaseStatus) => t(STATUS_IDS[status]);

export function PurchaseStatusBadge({ status }: { status: PurchaseStatus }) {
  const t = useT();
  return (
    <span
      data-testid="purchase-status"
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_TONES[status]}`}
    >
      {purchaseStatusLabel(t, status)}
    </span>
  );
}

type PurchaseItemFields = Pick<AdminPurchase, 'kind' | 'packageName' | 'planName' | 'coins'> &
  Partial<Pick<AdminPurchase, 'tier'>>;

/** What a purchase bought, in a few words, in the page's language. */
function purchaseItemText(t: Translate, format: Formatters, purchase: PurchaseItemFields): string {
  // A membership (issue 38 §1): its tier and series.
  if (purchase.tier) return t('dashboard.tiers.purchaseItem', { name: purchase.tier.name, series: purchase.tier.seriesTitle });
  return purchase.kind === 'coins'
    ? t('dashboard.finances.item.coins', {
        name: purchase.packageName ?? t('dashboard.finances.item.coinPackage'),
        coins: format.count(purchase.coins),
      })
    : t('dashboard.finances.item.plan', { name: purchase.planName ?? t('dashboard.finances.item.defaultPlan') });
}

/** What a purchase bought (`purchaseItemText` as a component). */
export function PurchaseItem({ purchase }: { purchase: PurchaseItemFields }) {
  const t = useT();
  const format = useFormat();
  return purchaseItemText(t, format, purchase);
}
