import { testCheckoutPagePath, type Purchase } from '@inkwell/contract';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { itemName } from '../store-format';
import { PurchaseAmount } from './purchase-amount';
import { PurchaseStatusBadge } from './purchase-status-badge';
import '../messages';

/** A test checkout left open: the reader can still pay it. */
const isAwaitingTestPayment = (purchase: Purchase) => purchase.status === 'pending' && purchase.provider === 'test';

/** Each purchase as a receipt: what, how much, when, its status and the provider's reference. */
export function PurchaseList({ items }: { items: Purchase[] }) {
  const t = useT();
  const format = useFormat();
  return (
    <ul
      className="divide-y divide-ink-800 rounded-xl border border-ink-800 bg-ink-900"
      aria-label={t('store.purchases.listLabel')}
    >
      {items.map((purchase) => (
        <li key={purchase.id} className="p-4" data-testid="purchase-row">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold text-zinc-100">
              {itemName(t, purchase)}{' '}
              <span className="font-normal text-zinc-400">
                · {purchase.kind === 'plan' ? t('store.purchase.kindPlan') : t('store.purchase.kindCoins')}
              </span>
            </p>
            <PurchaseStatusBadge status={purchase.status} />
          </div>
          <p className="mt-1 text-sm text-zinc-200">
            <PurchaseAmount purchase={purchase} />
            {purchase.coins > 0 && (
              <span className="text-amber-300">
                {' '}
                · {t('store.purchase.coins', { count: purchase.coins, coins: format.count(purchase.coins) })}
              </span>
            )}
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-xs">
            <dt className="text-zinc-400">{t('store.purchase.ordered')}</dt>
            <dd className="text-zinc-300">{format.date(purchase.createdAt)}</dd>
            {purchase.paidAt && (
              <>
                <dt className="text-zinc-400">{t('store.purchase.paid')}</dt>
                <dd className="text-zinc-300">{format.date(purchase.paidAt)}</dd>
              </>
            )}
            {purchase.refundedAt && (
              <>
                <dt className="text-zinc-400">{t('store.purchase.refunded')}</dt>
                <dd className="text-zinc-300">{format.date(purchase.refundedAt)}</dd>
              </>
            )}
            {purchase.reference && (
              <>
                <dt className="text-zinc-400">{t('store.purchase.reference')}</dt>
                <dd className="break-all font-mono text-zinc-300">{purchase.reference}</dd>
              </>
            )}
          </dl>
          {isAwaitingTestPayment(purchase) && (
            <Link
              to={testCheckoutPagePath(purchase.id)}
              className="mt-3 inline-block text-sm font-semibold text-accent-400 hover:underline"
            >
              {t('store.purchase.finishPayment')}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
