// i18n: not yet in the catalogues (issue 35)
import type { Subscription } from '@inkwell/contract';
import { Coins, Crown } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { LoadError } from '../../../components/load-error';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { formatCoins, formatMoney } from '../../../lib/money';
import { formatDate } from '../../../lib/time';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useMySubscription } from '../api/get-subscription';
import { intervalLabel } from '../store-format';

/** /profile/subscriptions (Reader's Area): the reader's plan, when it renews or ends, and a way to cancel. */
function SubscriptionPage() {
  useDocumentTitle('Subscription');
  const subscription = useMySubscription();

  return (
    <div className="space-y-6">
      <h2 className="text-xl font-bold text-white">Subscription</h2>
      {subscription.isPending ? (
        <div
          className="h-64 animate-pulse rounded-xl border border-ink-800 bg-ink-900"
          aria-busy="true"
          aria-label="Loading your subscription"
        />
      ) : subscription.isError ? (
        <LoadError message="We could not load your subscription." onRetry={() => void subscription.refetch()} />
      ) : subscription.data === null || subscription.data.status === 'ended' ? (
        <NoPlan ended={subscription.data} />
      ) : (
        <CurrentPlan subscription={subscription.data} />
      )}
    </div>
  );
}

function NoPlan({ ended }: { ended: Subscription | null }) {
  return (
    <div className="rounded-xl border border-ink-800 bg-ink-900 p-8 text-center">
      <Crown className="mx-auto size-8 text-amber-300" aria-hidden />
      <p className="mt-3 font-medium text-zinc-100">You have no plan</p>
      <p className="mt-1 text-sm text-zinc-400">
        {ended
          ? `Your ${ended.plan.name} plan ended on ${formatDate(ended.currentPeriodEnd)}.`
          : 'A plan opens every premium chapter as soon as it is out.'}
      </p>
      <Link to="/buy/subscriptions" className={`${primaryButton} mt-5`}>
        See the plans
      </Link>
    </div>
  );
}

function CurrentPlan({ subscription }: { subscription: Subscription }) {
  const { plan } = subscription;
  const toast = useToast();
  const cancel = useCancelSubscription();
  const [isConfirming, setIsConfirming] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);
  const cancelButtonRef = useRef<HTMLButtonElement>(null);
  const interval = intervalLabel(plan.interval);
  const periodEnd = formatDate(subscription.currentPeriodEnd);

  // The confirmation takes the focus when it opens, and gives it back when it closes.
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (isConfirming) confirmRef.current?.focus();
    else if (wasConfirming.current) cancelButtonRef.current?.focus();
    wasConfirming.current = isConfirming;
  }, [isConfirming]);

  const handleConfirm = () =>
    cancel.mutate(undefined, {
      onSuccess: (updated) => {
        setIsConfirming(false);
        toast({
          message: updated ? `Your plan ends on ${formatDate(updated.currentPeriodEnd)}` : 'Your plan is cancelled',
          type: 'success',
          duration: 5000,
        });
      },
      onError: (error) =>
        toast({
          message: error instanceof ApiError && error.code === 'not_found' ? 'You have no plan to cancel.' : error.message,
          type: 'error',
          duration: 5000,
        }),
    });

  return (
    <section aria-labelledby="plan-heading" className="rounded-xl border border-amber-400/40 bg-ink-900 p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xs uppercase tracking-wider text-zinc-400">Your plan</p>
          <h3 id="plan-heading" className="mt-1 text-2xl font-bold text-white">
            {plan.name}
          </h3>
        </div>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${
            subscription.cancelAtPeriodEnd
              ? 'bg-amber-500/15 text-amber-300 ring-amber-500/30'
              : 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/30'
          }`}
        >
          {subscription.cancelAtPeriodEnd ? 'Cancelled' : 'Active'}
        </span>
      </div>
      <p className="mt-3 text-lg text-zinc-100">
        {formatMoney(plan.priceCents, plan.currency)} <span className="text-sm text-zinc-400">/ {interval}</span>
      </p>
      <ul className="mt-3 space-y-1 text-sm text-zinc-300">
        {plan.includesPremium && (
          <li className="flex items-center gap-2">
            <Crown className="size-4 text-amber-300" aria-hidden /> Premium chapters
          </li>
        )}
        {plan.coinsPerPeriod > 0 && (
          <li className="flex items-center gap-2">
            <Coins className="size-4 text-amber-300" aria-hidden /> +{formatCoins(plan.coinsPerPeriod)} coins every {interval}
          </li>
        )}
      </ul>
      <p className="mt-4 font-medium text-zinc-100" data-testid="subscription-period">
        {subscription.cancelAtPeriodEnd ? `Ends on ${periodEnd}` : `Renews on ${periodEnd}`}
      </p>
      {subscription.cancelAtPeriodEnd ? (
        <p className="mt-1 text-sm text-zinc-400">You keep every benefit until then; it will not renew.</p>
      ) : isConfirming ? (
        <div
          ref={confirmRef}
          tabIndex={-1}
          role="group"
          aria-labelledby="confirm-cancel-heading"
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !cancel.isPending) setIsConfirming(false);
          }}
          className="mt-5 rounded-lg border border-rose-500/40 bg-rose-500/10 p-4 outline-none"
        >
          <p id="confirm-cancel-heading" className="font-semibold text-rose-100">
            Cancel your plan?
          </p>
          <p className="mt-1 text-sm text-rose-100/80">It will not renew. You keep premium chapters until {periodEnd}.</p>
          <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row">
            <button type="button" onClick={() => setIsConfirming(false)} disabled={cancel.isPending} className={secondaryButton}>
              Keep my plan
            </button>
            <button
              type="button"
              onClick={handleConfirm}
              disabled={cancel.isPending}
              className="inline-flex items-center justify-center rounded-lg bg-rose-600 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-500 disabled:opacity-60"
            >
              {cancel.isPending ? 'Cancelling…' : 'Yes, cancel my plan'}
            </button>
          </div>
        </div>
      ) : (
        <button ref={cancelButtonRef} type="button" onClick={() => setIsConfirming(true)} className={`${secondaryButton} mt-5`}>
          Cancel subscription
        </button>
      )}
    </section>
  );
}

export default SubscriptionPage;
