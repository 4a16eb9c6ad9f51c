import type { Purchase } from '@inkwell/contract';
import { FlaskConical } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { LoadError } from '../../../components/load-error';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCancelTestCheckout } from '../api/cancel-test-checkout';
import { useCompleteTestCheckout } from '../api/complete-test-checkout';
import { useMyPurchase } from '../api/get-purchase';
import { refreshAfterPayment } from '../api/store-keys';
import { PurchaseStatusBadge } from '../components/purchase-status-badge';
import { itemName } from '../store-format';
import '../messages';

/** What became of a purchase that no longer waits (store.json). */
const SETTLED_TEXT: Record<Purchase['status'], string> = {
  pending: 'store.checkout.settled.pending',
  paid: 'store.checkout.settled.paid',
  cancelled: 'store.checkout.settled.cancelled',
  refunded: 'store.checkout.settled.refunded',
  failed: 'store.checkout.settled.failed',
};

/** Where a paid purchase leads: back where the reader came from, else to what they bought. */
const afterPaying = (purchase: Purchase) =>
  purchase.returnTo ?? (purchase.kind === 'plan' ? '/profile/subscriptions' : '/profile/purchases');
/** Where an abandoned purchase leads: back where the reader came from, else to its shelf. */
const afterCancelling = (purchase: Purchase) =>
  purchase.returnTo ?? (purchase.kind === 'plan' ? '/buy/subscriptions' : '/buy/coins');

/** Stripe confirmed the payment while the reader waited here: move on as after paying. */
function useMoveOnWhenConfirmed(confirmed: Purchase | undefined) {
  const t = useT();
  const navigate = useNavigate();
  const toast = useToast();
  const client = useQueryClient();
  const sawPending = useRef(false);
  useEffect(() => {
    if (!confirmed || confirmed.provider !== 'stripe') return;
    if (confirmed.status === 'pending') {
      sawPending.current = true;
      return;
    }
    if (confirmed.status !== 'paid' || !sawPending.current) return;
    sawPending.current = false;
    void refreshAfterPayment(client).then(() => {
      toast({ message: t('store.checkout.paidToast', { item: itemName(t, confirmed) }), type: 'success', duration: 5000 });
      void navigate(afterPaying(confirmed), { replace: true });
    });
  }, [confirmed, client, navigate, toast, t]);
}

/** The purchase's item, coins and total. */
function OrderDetails({ purchase }: { purchase: Purchase }) {
  const t = useT();
  const format = useFormat();
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <h2 id="order-heading" className="text-lg font-semibold text-white">
          {itemName(t, purchase)}
        </h2>
        <PurchaseStatusBadge status={purchase.status} />
      </div>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-zinc-400">{t('store.checkout.item')}</dt>
          <dd className="text-right text-zinc-100">
            {purchase.kind === 'plan' ? t('store.purchase.kindPlan') : t('store.checkout.coinPackage')}
          </dd>
        </div>
        {purchase.coins > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-zinc-400">{t('store.purchase.kindCoins')}</dt>
            <dd className="text-right font-semibold text-amber-300">{format.count(purchase.coins)}</dd>
          </div>
        )}
        <div className="flex items-baseline justify-between gap-4 border-t border-ink-800 pt-2">
          <dt className="font-semibold text-zinc-200">{t('store.checkout.total')}</dt>
          <dd className="text-right text-lg font-bold text-white" data-testid="checkout-total">
            {format.money(purchase.amountCents, purchase.currency)}
          </dd>
        </div>
      </dl>
    </>
  );
}

/** No such purchase for this reader: another account's, or a mistyped link. */
function PurchaseNotFound() {
  const t = useT();
  return (
    <div role="alert" className="rounded-2xl border border-ink-800 bg-ink-900 p-6">
      <p className="font-semibold text-white">{t('store.checkout.notFoundTitle')}</p>
      <p className="mt-1 text-sm text-zinc-400">{t('store.checkout.notFoundText')}</p>
      <Link to="/buy/coins" className={`${secondaryButton} mt-4`}>
        {t('store.checkout.backToStore')}
      </Link>
    </div>
  );
}

/**
 * /buy/checkout/:purchaseId: the built-in test checkout (DESIGN §5 Payments), where checkoutUrl
 * points while Stripe is not configured. Paying runs the same fulfilment as a real payment.
 * With Stripe it is also where Stripe sends the reader back (`?status=success|cancelled`): the
 * page waits for the payment to be confirmed, then moves on as the test checkout does.
 */
function TestCheckoutPage() {
  const t = useT();
  const format = useFormat();
  const { purchaseId = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const returnedFromStripe = search.get('status') === 'success';
  const purchase = useMyPurchase(purchaseId, { awaitProvider: returnedFromStripe });
  const isStripe = purchase.data?.provider === 'stripe';
  useDocumentTitle(isStripe ? t('store.checkout.paymentTitle') : t('store.checkout.testTitle'));

  useMoveOnWhenConfirmed(purchase.data);
  const complete = useCompleteTestCheckout();
  const cancel = useCancelTestCheckout();
  // Once paid or cancelled here, the page moves on: it keeps its form until then instead of flashing the status.
  const isSettling = complete.isPending || complete.isSuccess || cancel.isPending || cancel.isSuccess;

  const handleError = (error: Error) => {
    if (error instanceof ApiError && error.code === 'conflict') {
      // Paid or cancelled meanwhile (another tab): show what it is now.
      void purchase.refetch();
      toast({ message: error.message, type: 'warn', duration: 5000 });
    } else {
      toast({
        message: error instanceof ApiError ? error.message : t('store.checkout.unreachable'),
        type: 'error',
        duration: 5000,
      });
    }
  };

  const handlePay = (current: Purchase) =>
    complete.mutate(current.id, {
      onSuccess: (paid) => {
        toast({
          message:
            paid.kind === 'coins'
              ? t('store.checkout.coinsAddedToast', { count: paid.coins, coins: format.count(paid.coins) })
              : // A membership's tier and series, as the receipt on this page named them.
                t('store.checkout.welcomeToast', { item: itemName(t, { ...paid, tier: paid.tier ?? current.tier ?? null }) }),
          type: 'success',
          duration: 5000,
        });
        void navigate(afterPaying(paid), { replace: true });
      },
      onError: handleError,
    });

  const handleCancel = (current: Purchase) =>
    cancel.mutate(current.id, {
      onSuccess: (cancelled) => {
        toast({ message: t('store.checkout.cancelledToast'), type: 'info', duration: 3000 });
        void navigate(afterCancelling(cancelled), { replace: true });
      },
      onError: handleError,
    });

  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      {!isStripe && (
        <p
          role="note"
          className="flex items-center gap-3 rounded-xl border-2 border-dashed border-amber-400 bg-amber-400/10 px-4 py-3 font-bold text-amber-200"
        >
          <FlaskConical className="size-5 shrink-0" aria-hidden />
          {t('store.checkout.testNotice')}
        </p>
      )}
      <h1 className="mt-6 text-2xl font-bold text-white">{t('store.checkout.heading')}</h1>
      <div className="mt-4">
        {purchase.isPending ? (
          <CheckoutSkeleton />
        ) : purchase.isError ? (
          purchase.error instanceof ApiError && purchase.error.code === 'not_found' ? (
            <PurchaseNotFound />
          ) : (
            <LoadError message={t('store.checkout.loadError')} onRetry={() => void purchase.refetch()} />
          )
        ) : (
          <section aria-labelledby="order-heading" className="rounded-2xl border border-ink-800 bg-ink-900 p-6">
            <OrderDetails purchase={purchase.data} />
            {purchase.data.status === 'pending' || isSettling ? (
              purchase.data.provider === 'test' ? (
                <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                  <button
                    type="button"
                    onClick={() => handleCancel(purchase.data)}
                    disabled={isSettling}
                    className={secondaryButton}
                  >
                    {cancel.isPending ? t('store.subscription.cancelling') : t('store.checkout.cancel')}
                  </button>
                  <button type="button" onClick={() => handlePay(purchase.data)} disabled={isSettling} className={primaryButton}>
                    {complete.isPending
                      ? t('store.checkout.paying')
                      : t('store.checkout.pay', { amount: format.money(purchase.data.amountCents, purchase.data.currency) })}
                  </button>
                </div>
              ) : returnedFromStripe ? (
                <p className="mt-6 text-sm text-zinc-300" role="status" aria-live="polite">
                  {t('store.checkout.confirming')}
                </p>
              ) : (
                <div className="mt-6 text-sm text-zinc-300" role="status">
                  <p>
                    {search.get('status') === 'cancelled'
                      ? t('store.checkout.leftPaymentPage')
                      : t('store.checkout.paidOnStripe')}
                  </p>
                  <Link to={afterCancelling(purchase.data)} className={`${secondaryButton} mt-3`}>
                    {t('store.checkout.back')}
                  </Link>
                </div>
              )
            ) : (
              <SettledPurchase purchase={purchase.data} />
            )}
          </section>
        )}
      </div>
    </div>
  );
}

/** A purchase that is no longer waiting: what became of it, and where to go. */
function SettledPurchase({ purchase }: { purchase: Purchase }) {
  const t = useT();
  const isPaid = purchase.status === 'paid';
  return (
    <div className="mt-6 rounded-xl border border-ink-800 bg-ink-950/60 p-4 text-sm">
      <p className="text-zinc-200" role="status" data-testid="purchase-outcome">
        {richText(t(SETTLED_TEXT[purchase.status]), { strong: (words) => <strong>{words}</strong> })}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Link to={isPaid ? afterPaying(purchase) : afterCancelling(purchase)} className={primaryButton}>
          {isPaid ? t('store.checkout.continue') : t('store.checkout.backToStore')}
        </Link>
        <Link to="/profile/purchases" className={secondaryButton}>
          {t('store.checkout.yourPurchases')}
        </Link>
      </div>
    </div>
  );
}

function CheckoutSkeleton() {
  const t = useT();
  const bar = 'inline-block animate-pulse rounded bg-ink-800 text-transparent';
  return (
    <div className="rounded-2xl border border-ink-800 bg-ink-900 p-6" aria-busy="true" aria-label={t('store.checkout.loading')}>
      <p className="text-lg font-semibold">
        <span className={`${bar} w-40`}>{'\u00a0'}</span>
      </p>
      <div className="mt-4 space-y-2 text-sm">
        <p>
          <span className={`${bar} w-full`}>{'\u00a0'}</span>
        </p>
        <p>
          <span className={`${bar} w-full`}>{'\u00a0'}</span>
        </p>
        <p className="pt-2 text-lg">
          <span className={`${bar} w-full`}>{'\u00a0'}</span>
        </p>
      </div>
      <div className="mt-6 h-9 animate-pulse rounded-lg bg-ink-800" />
    </div>
  );
}

export default TestCheckoutPage;
