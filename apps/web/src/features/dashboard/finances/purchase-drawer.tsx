import type { AdminPurchase } from '@inkwell/contract';
import { useState } from 'react';
import { secondaryButton } from '../../../components/button-styles';
import { FormAlert } from '../../../components/form';
import { useFormat, type Formatters } from '../../../lib/i18n/format';
import { useT, type Translate } from '../../../lib/i18n/i18n-context';
import { useAdminPurchase } from './api/get-admin-purchase';
import { useRefundPurchase } from './api/refund-purchase';
import { Detail } from '../components/data-table';
import { DetailDrawer } from '../components/detail-drawer';
import { PurchaseItem, PurchaseStatusBadge } from './finance-ui';
import '../messages';

const providerLabel = (t: Translate, provider: AdminPurchase['provider']) =>
  provider === 'stripe' ? 'Stripe' : t('dashboard.finances.drawer.testCheckout');

/** What a refund of this purchase does, said before it is done. */
function refundConsequence(t: Translate, format: Formatters, purchase: AdminPurchase): string {
  const values = {
    provider: purchase.provider === 'stripe' ? 'stripe' : 'test',
    amount: format.money(purchase.amountCents, purchase.currency),
    who: purchase.user.username,
  };
  if (purchase.kind === 'coins') {
    return t('dashboard.finances.refund.consequenceCoins', { ...values, coins: format.count(purchase.coins) });
  }
  return purchase.planName
    ? t('dashboard.finances.refund.consequencePlan', { ...values, plan: purchase.planName })
    : t('dashboard.finances.refund.consequenceSubscription', values);
}

/** What the refund did, from the purchase the server answered. */
function refundOutcome(t: Translate, format: Formatters, purchase: AdminPurchase): string {
  const who = purchase.user.username;
  if (purchase.kind === 'coins') {
    return purchase.coinsReversed > 0
      ? t('dashboard.finances.refund.coinsTaken', { coins: format.count(purchase.coinsReversed), who })
      : t('dashboard.finances.refund.noCoinsTaken', { who });
  }
  return t('dashboard.finances.refund.subscriptionEnded', { who });
}

function RefundSection({ purchase }: { purchase: AdminPurchase }) {
  const t = useT();
  const format = useFormat();
  const refund = useRefundPurchase();
  const [isConfirming, setIsConfirming] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const isPaid = purchase.status === 'paid';
  const isRefunded = purchase.status === 'refunded';

  if (outcome) return <FormAlert tone="success">{outcome}</FormAlert>;
  return (
    <div className="space-y-3">
      {refund.isError && <FormAlert tone="error">{refund.error.message || t('dashboard.finances.refund.failed')}</FormAlert>}
      {!isPaid ? (
        !isRefunded && <p className="text-sm text-zinc-400">{t('dashboard.finances.refund.onlyPaid')}</p>
      ) : isConfirming ? (
        <div
          role="group"
          aria-label={t('dashboard.finances.refund.confirmGroup')}
          className="space-y-3 rounded-lg border border-rose-500/40 bg-rose-500/10 p-3"
        >
          <p className="text-sm text-rose-100">{refundConsequence(t, format, purchase)}</p>
          <p className="text-sm font-semibold text-rose-100">{t('dashboard.finances.refund.cannotUndo')}</p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={refund.isPending}
              onClick={() =>
                refund.mutate(purchase.id, {
                  onSuccess: (refunded) => setOutcome(refundOutcome(t, format, refunded)),
                  onSettled: () => setIsConfirming(false),
                })
              }
              className="rounded-lg bg-rose-600 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-500 disabled:opacity-60"
            >
              {refund.isPending
                ? t('dashboard.finances.refund.refunding')
                : t('dashboard.finances.refund.confirm', { amount: format.money(purchase.amountCents, purchase.currency) })}
            </button>
            <button type="button" onClick={() => setIsConfirming(false)} className={secondaryButton}>
              {t('dashboard.fields.cancel')}
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
          {t('dashboard.finances.refund.refund')}
        </button>
      )}
    </div>
  );
}

/** One purchase's details beside the list, with its refund. */
export function PurchaseDrawer({ fromList, onClose }: { fromList: AdminPurchase; onClose(): void }) {
  const t = useT();
  const format = useFormat();
  const details = useAdminPurchase(fromList.id, fromList);
  const purchase = details.data ?? fromList;

  return (
    <DetailDrawer
      title={t('dashboard.finances.drawer.title')}
      subtitle={purchase.id}
      closeLabel={t('dashboard.finances.drawer.close')}
      onClose={onClose}
    >
      {details.isError && <p className="mt-3 text-sm text-amber-300">{t('dashboard.finances.drawer.refreshError')}</p>}

      <dl className="mt-5 grid grid-cols-2 gap-4">
        <Detail label={t('dashboard.finances.status')}>
          <PurchaseStatusBadge status={purchase.status} />
        </Detail>
        <Detail label={t('dashboard.finances.purchases.amount')}>{format.money(purchase.amountCents, purchase.currency)}</Detail>
        <div className="col-span-2">
          <Detail label={t('dashboard.finances.purchases.user')}>
            {purchase.user.username}
            <span className="block text-xs text-zinc-400">{purchase.user.email}</span>
          </Detail>
        </div>
        <div className="col-span-2">
          <Detail label={t('dashboard.finances.purchases.item')}>
            <PurchaseItem purchase={purchase} />
          </Detail>
        </div>
        <Detail label={t('dashboard.finances.coins.coins')}>{format.count(purchase.coins)}</Detail>
        <Detail label={t('dashboard.finances.drawer.coinsReversed')}>{format.count(purchase.coinsReversed)}</Detail>
        <Detail label={t('dashboard.finances.drawer.provider')}>{providerLabel(t, purchase.provider)}</Detail>
        <Detail label={t('dashboard.finances.drawer.reference')}>
          <span className="font-mono text-xs">{purchase.reference ?? '—'}</span>
        </Detail>
        <Detail label={t('dashboard.finances.drawer.created')}>{format.dateTime(purchase.createdAt)}</Detail>
        <Detail label={t('dashboard.finances.status.paid')}>{purchase.paidAt ? format.dateTime(purchase.paidAt) : '—'}</Detail>
        <Detail label={t('dashboard.finances.status.refunded')}>
          {purchase.refundedAt ? format.dateTime(purchase.refundedAt) : '—'}
        </Detail>
      </dl>

      <div className="mt-6 border-t border-ink-800 pt-4">
        <RefundSection key={purchase.id} purchase={purchase} />
      </div>
    </DetailDrawer>
  );
}
