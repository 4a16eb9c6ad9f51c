import type { InterfaceLocale, Plan, Purchase, WalletEntry } from '@inkwell/contract';
import type { Translate } from '../../lib/i18n/i18n-context';
import './messages';

/** One formatter per language for every row (made on first use, in the viewer's time zone): see lib/i18n/format.ts. */
const minuteFormats = new Map<string, Intl.DateTimeFormat>();

export const formatDateTime = (iso: string, locale: InterfaceLocale) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  const intl = locale === 'en-XA' ? 'en' : locale;
  let format = minuteFormats.get(intl);
  if (!format) {
    format = new Intl.DateTimeFormat(intl, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    minuteFormats.set(intl, format);
  }
  return format.format(date);
};

/** A plan's interval for the messages' `select` ("$4.99 / month", "every month"). */
export const intervalOf = (interval: Plan['interval']) => (interval === 'year' ? 'year' : 'month');

/** Each purchase status's words (store.json). */
export const PURCHASE_STATUS_LABELS: Record<Purchase['status'], string> = {
  pending: 'store.purchaseStatus.pending',
  paid: 'store.purchaseStatus.paid',
  cancelled: 'store.purchaseStatus.cancelled',
  refunded: 'store.purchaseStatus.refunded',
  failed: 'store.purchaseStatus.failed',
};

export const LEDGER_KIND_LABELS: Record<WalletEntry['kind'], string> = {
  purchase: 'store.ledgerKind.purchase',
  unlock: 'store.ledgerKind.unlock',
  subscription_coins: 'store.ledgerKind.subscriptionCoins',
  refund: 'store.ledgerKind.refund',
  adjustment: 'store.ledgerKind.adjustment',
  gift: 'store.ledgerKind.gift',
  forfeit: 'store.ledgerKind.forfeit',
};

/** "+1,100" or "−30" (a true minus sign), for a ledger movement; `count` groups the digits in the page's language. */
export function formatDelta(delta: number, count: (value: number) => string): string {
  const size = count(Math.abs(delta));
  return delta >= 0 ? `+${size}` : `\u2212${size}`;
}

/** What a purchase bought: its package's or plan's name, or a membership's tier and series. */
export const itemName = (t: Translate, purchase: Purchase) =>
  (purchase.tier ? t('store.tiers.purchaseItem', { tier: purchase.tier.name, series: purchase.tier.seriesTitle }) : null) ??
  purchase.packageName ??
  purchase.planName ??
  (purchase.kind === 'plan'
    ? t('store.purchase.kindPlan')
    : purchase.kind === 'tier'
      ? t('store.tiers.kindTier')
      : t('store.purchase.kindCoins'));
