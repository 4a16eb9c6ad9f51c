import type { Subscription } from '@inkwell/contract';
import { Coins, Crown } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { LoadError } from '../../../components/load-error';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCancelSubscription } from '../api/cancel-subscription';
import { MembershipsSection } from '../components/memberships-section';
import { useMySubscription } from '../api/get-subscription';
import { intervalOf } from '../store-format';
import '../messages';

/**
 * /profile/subscriptions (Reader's Area): the reader's plan, when it renews or ends, and a way to
 * cancel; then their memberships of series (issue 38 §1).
 */
function SubscriptionPage() {
  const t = useT();
  useDocumentTitle(t('store.subscription.title'));
  const subscription = useMySubscription();

  return (
    <div className="space-y-6">
      <h2 className="text-xl font-bold text-white">{t('store.subscription.title')}</h2>
      {subscription.isPending ? (
        <div
          className="h-64 animate-pulse rounded-xl border border-ink-800 bg-ink-900"
          aria-busy="true"
          aria-label={t('store.subscription.loading')}
        />
      ) : subscription.isError ? (
        <LoadError message={t('store.subscription.loadError')} onRetry={() => void subscription.refetch()} />
      ) : subscription.data === null || subscription.data.status === 'ended' ? (
        <NoPlan ended={subscription.data} />
      ) : (
        <CurrentPlan subscription={subscription.data} />
      )}
      <MembershipsSection />
    </div>
  );
}

function NoPlan({ ended }: { ended: Subscription | null }) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="rounded-xl border border-ink-800 bg-ink-900 p-8 text-center">
      <Crown className="mx-auto size-8 text-amber-300" aria-hidden />
      <p className="mt-3 font-medium text-zinc-100">{t('store.subscription.noPlan')}</p>
      <p className="mt-1 text-sm text-zinc-400">
        {ended
          ? t('store.subscription.ended', { plan: ended.plan.name, date: format.date(ended.currentPeriodEnd) })
          : t('store.subscription.noPlanText')}
      </p>
      <Link to="/buy/subscriptions" className={`${primaryButton} mt-5`}>
        {t('store.subscription.seePlans')}
      </Link>
    </div>
  );
}

function CurrentPlan({ subscription }: { subscription: Subscription }) {
  const { plan } = subscription;
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const cancel = useCancelSubscription();
  const [isConfirming, setIsConfirming] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);
  const cancelButtonRef = useRef<HTMLButtonElement>(null);
  const interval = intervalOf(plan.interval);
  const periodEnd = format.date(subscription.currentPeriodEnd);

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
          message: updated
            ? t('store.subscription.endsToast', { date: format.date(updated.currentPeriodEnd) })
            : t('store.subscription.cancelledToast'),
          type: 'success',
          duration: 5000,
        });
      },
      onError: (error) =>
        toast({
          message:
            error instanceof ApiError && error.code === 'not_found' ? t('store.subscription.nothingToCancel') : error.message,
          type: 'error',
          duration: 5000,
        }),
    });

  return (
    <section aria-labelledby="plan-heading" className="rounded-xl border border-amber-400/40 bg-ink-900 p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xs uppercase tracking-wider text-zinc-400">{t('store.subscription.yourPlan')}</p>
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
          {subscription.cancelAtPeriodEnd ? t('store.subscription.statusCancelled') : t('store.subscription.statusActive')}
        </span>
      </div>
      <p className="mt-3 text-lg text-zinc-100">
        {format.money(plan.priceCents, plan.currency)}{' '}
        <span className="text-sm text-zinc-400">{t('store.plan.perInterval', { interval })}</span>
      </p>
      <ul className="mt-3 space-y-1 text-sm text-zinc-300">
        {plan.includesPremium && (
          <li className="flex items-center gap-2">
            <Crown className="size-4 text-amber-300" aria-hidden /> {t('store.plan.premium')}
          </li>
        )}
        {plan.coinsPerPeriod > 0 && (
          <li className="flex items-center gap-2">
            <Coins className="size-4 text-amber-300" aria-hidden />{' '}
            {t('store.plan.coinsEvery', { count: plan.coinsPerPeriod, coins: format.count(plan.coinsPerPeriod), interval })}
          </li>
        )}
      </ul>
      <p className="mt-4 font-medium text-zinc-100" data-testid="subscription-period">
        {subscription.cancelAtPeriodEnd
          ? t('store.subscription.endsOn', { date: periodEnd })
          : t('store.subscription.renewsOn', { date: periodEnd })}
      </p>
      {subscription.cancelAtPeriodEnd ? (
        <p className="mt-1 text-sm text-zinc-400">{t('store.subscription.keepUntilThen')}</p>
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
            {t('store.subscription.confirmTitle')}
          </p>
          <p className="mt-1 text-sm text-rose-100/80">{t('store.subscription.confirmText', { date: periodEnd })}</p>
          <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row">
            <button type="button" onClick={() => setIsConfirming(false)} disabled={cancel.isPending} className={secondaryButton}>
              {t('store.subscription.keep')}
            </button>
            <button
              type="button"
              onClick={handleConfirm}
              disabled={cancel.isPending}
              className="inline-flex items-center justify-center rounded-lg bg-rose-600 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-500 disabled:opacity-60"
            >
              {cancel.isPending ? t('store.subscription.cancelling') : t('store.subscription.confirmCancel')}
            </button>
          </div>
        </div>
      ) : (
        <button ref={cancelButtonRef} type="button" onClick={() => setIsConfirming(true)} className={`${secondaryButton} mt-5`}>
          {t('store.subscription.cancel')}
        </button>
      )}
    </section>
  );
}

export default SubscriptionPage;
