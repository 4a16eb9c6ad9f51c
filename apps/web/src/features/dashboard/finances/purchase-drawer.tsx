// i18n: not yet in the catalogues (issue 35)
import type { AdminPurchase } from '@inkwell/contract';
import { useState } from 'react';
import { secondaryButton } from '../../../components/button-styles';
import { FormAlert } from '../../../components/form';
import { formatCoins, formatMoney } from '../../../lib/money';
import { useAdminPurchase } from './api/get-admin-purchase';
import { useRefundPurchase } from './api/refund-purchase';
import { formatDateTime } from '../../../lib/time';
import { Detail } from '../components/data-table';
import { DetailDrawer } from '../components/detail-drawer';
import { PurchaseStatusBadge, purchaseItem } from './finance-ui';

const providerLabel = (provider: AdminPurchase['provider']) => (provider === 'stripe' ? 'Stripe' : 'Test checkout');

/** What a refund of this purchase does, said before it is done. */
function refundConsequence(purchase: AdminPurchase): string {
  const amount = formatMoney(purchase.amountCents, purchase.currency);
  const who = purchase.user.username;
  const money =
    purchase.provider === 'stripe'
      ? `${amount} goes back to ${who} through Stripe.`
      : `${amount} is marked refunded (test checkout: no real money moves).`;
  if (purchase.kind === 'coins') {
    return `${money} Inkwell takes back what is left of the ${formatCoins(purchase.coins)} coins this purchase gave, never more than ${who}'s balance: coins already spent stay spent.`;
  }
  const plan = purchase.planName ? `${purchase.planName} ` : '';
  return `${money} ${who}'s ${plan}subscription ends at once, with its premium access.`;
}

/** What the refund did, from the purchase the server answered. */
function refundOutcome(purchase: AdminPurchase): string {
  if (purchase.kind === 'coins') {
    return purchase.coinsReversed > 0
      ? `Refunded. ${formatCoins(purchase.coinsReversed)} coins were taken back from ${purchase.user.username}.`
      : `Refunded. No coins were taken back: ${purchase.user.username} had none of them left.`;
  }
  return `Refunded. ${purchase.user.username}'s subscription has ended.`;
}

function RefundSection({ purchase }: { purchase: AdminPurchase }) {
  const refund = useRefundPurchase();
  const [isConfirming, setIsConfirming] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);

  if (outcome) return <FormAlert tone="success">{outcome}</FormAlert>;
  return (
    <div className="space-y-3">
      {refund.isError && <FormAlert tone="error">{refund.error.message || 'The refund failed. Please try again.'}</FormAlert>}
      {purchase.status !== 'paid' ? (
        purchase.status !== 'refunded' && <p className="text-sm text-zinc-400">Only paid purchases can be refunded.</p>
      ) : isConfirming ? (
        <div
          role="group"
          aria-label="Confirm the refund"
          className="space-y-3 rounded-lg border border-rose-500/40 bg-rose-500/10 p-3"
        >
          <p className="text-sm text-rose-100">{refundConsequence(purchase)}</p>
          <p className="text-sm font-semibold text-rose-100">This cannot be undone.</p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={refund.isPending}
              onClick={() =>
                refund.mutate(purchase.id, {
                  onSuccess: (refunded) => setOutcome(refundOutcome(refunded)),
                  onSettled: () => setIsConfirming(false),
                })
              }
              className="rounded-lg bg-rose-600 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-500 disabled:opacity-60"
            >
              {refund.isPending ? 'Refunding…' : `Yes, refund ${formatMoney(purchase.amountCents, purchase.currency)}`}
            </button>
            <button type="button" onClick={() => setIsConfirming(false)} className={secondaryButton}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => {
            refund.reset();
            setIsConfirming(true);
          }}
          className="rounded-lg border border-rose-500/50 px-4 py-2 text-sm font-semibold text-rose-200 hover:bg-rose-500/10"
        >
          Refund
        </button>
      )}
    </div>
  );
}

/** One purchase's details beside the list, with its refund. */
export function PurchaseDrawer({ fromList, onClose }: { fromList: AdminPurchase; onClose(): void }) {
  const details = useAdminPurchase(fromList.id, fromList);
  const purchase = details.data ?? fromList;

  return (
    <DetailDrawer title="Purchase" subtitle={purchase.id} closeLabel="Close the purchase" onClose={onClose}>
      {details.isError && (
        <p className="mt-3 text-sm text-amber-300">We could not refresh this purchase; what the list showed is below.</p>
      )}

      <dl className="mt-5 grid grid-cols-2 gap-4">
        <Detail label="Status">
          <PurchaseStatusBadge status={purchase.status} />
        </Detail>
        <Detail label="Amount">{formatMoney(purchase.amountCents, purchase.currency)}</Detail>
        <div className="col-span-2">
          <Detail label="User">
            {purchase.user.username}
            <span className="block text-xs text-zinc-400">{purchase.user.email}</span>
          </Detail>
        </div>
        <div className="col-span-2">
          <Detail label="Item">{purchaseItem(purchase)}</Detail>
        </div>
        <Detail label="Coins">{formatCoins(purchase.coins)}</Detail>
        <Detail label="Coins reversed">{formatCoins(purchase.coinsReversed)}</Detail>
        <Detail label="Provider">{providerLabel(purchase.provider)}</Detail>
        <Detail label="Reference">
          <span className="font-mono text-xs">{purchase.reference ?? '—'}</span>
        </Detail>
        <Detail label="Created">{formatDateTime(purchase.createdAt)}</Detail>
        <Detail label="Paid">{purchase.paidAt ? formatDateTime(purchase.paidAt) : '—'}</Detail>
        <Detail label="Refunded">{purchase.refundedAt ? formatDateTime(purchase.refundedAt) : '—'}</Detail>
      </dl>

      <div className="mt-6 border-t border-ink-800 pt-4">
        <RefundSection key={purchase.id} purchase={purchase} />
      </div>
    </DetailDrawer>
  );
}
