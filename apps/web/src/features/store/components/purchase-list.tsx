// i18n: not yet in the catalogues (issue 35)
import { testCheckoutPagePath, type Purchase } from '@inkwell/contract';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/time';
import { formatCoins, formatMoney } from '../../../lib/money';
import { itemName } from '../store-format';
import { PurchaseStatusBadge } from './purchase-status-badge';

/** Each purchase as a receipt: what, how much, when, its status and the provider's reference. */
export function PurchaseList({ items }: { items: Purchase[] }) {
  return (
    <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800 bg-ink-900" aria-label="Purchases">
      {items.map((purchase) => (
        <li key={purchase.id} className="p-4" data-testid="purchase-row">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold text-zinc-100">
              {itemName(purchase)}{' '}
              <span className="font-normal text-zinc-400">· {purchase.kind === 'plan' ? 'Subscription' : 'Coins'}</span>
            </p>
            <PurchaseStatusBadge status={purchase.status} />
          </div>
          <p className="mt-1 text-sm text-zinc-200">
            <span className="font-semibold">{formatMoney(purchase.amountCents, purchase.currency)}</span>
            {purchase.coins > 0 && <span className="text-amber-300"> · {formatCoins(purchase.coins)} coins</span>}
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-xs">
            <dt className="text-zinc-400">Ordered</dt>
            <dd className="text-zinc-300">{formatDate(purchase.createdAt)}</dd>
            {purchase.paidAt && (
              <>
                <dt className="text-zinc-400">Paid</dt>
                <dd className="text-zinc-300">{formatDate(purchase.paidAt)}</dd>
              </>
            )}
            {purchase.refundedAt && (
              <>
                <dt className="text-zinc-400">Refunded</dt>
                <dd className="text-zinc-300">{formatDate(purchase.refundedAt)}</dd>
              </>
            )}
            {purchase.reference && (
              <>
                <dt className="text-zinc-400">Reference</dt>
                <dd className="break-all font-mono text-zinc-300">{purchase.reference}</dd>
              </>
            )}
          </dl>
          {purchase.status === 'pending' && purchase.provider === 'test' && (
            <Link
              to={testCheckoutPagePath(purchase.id)}
              className="mt-3 inline-block text-sm font-semibold text-accent-400 hover:underline"
            >
              Finish this payment
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
