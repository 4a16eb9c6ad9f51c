import type { Plan, Purchase, WalletEntry } from '@inkwell/contract';

/** One formatter for every row (made on first use, in the viewer's time zone): see lib/time.ts. */
let minuteFormat: Intl.DateTimeFormat | undefined;

export const formatDateTime = (iso: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  minuteFormat ??= new Intl.DateTimeFormat('en', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return minuteFormat.format(date);
};

/** "month" → "month", for "$4.99 / month" and "every month". */
export const intervalLabel = (interval: Plan['interval']) => (interval === 'year' ? 'year' : 'month');

export const PURCHASE_STATUS_LABELS: Record<Purchase['status'], string> = {
  pending: 'Pending',
  paid: 'Paid',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  failed: 'Failed',
};

export const LEDGER_KIND_LABELS: Record<WalletEntry['kind'], string> = {
  purchase: 'Coin purchase',
  unlock: 'Chapter unlock',
  subscription_coins: 'Subscription coins',
  refund: 'Refund',
  adjustment: 'Adjustment',
  gift: 'Gift to a series',
};

/** "+1,100" or "−30" (a true minus sign), for a ledger movement. */
export function formatDelta(delta: number): string {
  const size = new Intl.NumberFormat('en').format(Math.abs(delta));
  return delta >= 0 ? `+${size}` : `\u2212${size}`;
}

/** What a purchase bought: its package's or plan's name. */
export const itemName = (purchase: Purchase) =>
  purchase.packageName ?? purchase.planName ?? (purchase.kind === 'plan' ? 'Subscription' : 'Coins');
