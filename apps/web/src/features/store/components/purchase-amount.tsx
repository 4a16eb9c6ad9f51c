import type { Purchase } from '@inkwell/contract';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import '../messages';

/**
 * What a purchase cost: its price, and when the provider added tax on top (Stripe Tax, issue 38
 * §3) the price, the tax and the total, each in the purchase's currency.
 */
export function PurchaseAmount({ purchase }: { purchase: Pick<Purchase, 'amountCents' | 'currency' | 'taxCents'> }) {
  const t = useT();
  const format = useFormat();
  const tax = purchase.taxCents ?? 0;
  const price = format.money(purchase.amountCents, purchase.currency);
  if (tax <= 0) return <span className="font-semibold">{price}</span>;
  return (
    <span data-testid="purchase-amount-with-tax">
      <span className="text-zinc-400">{t('store.receipt.price')}</span> {price} ·{' '}
      <span className="text-zinc-400">{t('store.receipt.tax')}</span> {format.money(tax, purchase.currency)} ·{' '}
      <span className="text-zinc-400">{t('store.receipt.total')}</span>{' '}
      <span className="font-semibold">{format.money(purchase.amountCents + tax, purchase.currency)}</span>
    </span>
  );
}
