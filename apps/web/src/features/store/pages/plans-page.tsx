import type { Plan, Subscription } from '@inkwell/contract';
import { Check, Coins, Crown } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { primaryButton } from '../../../components/button-styles';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCheckout, useGoToCheckout } from '../api/checkout';
import { useMySubscription } from '../api/get-subscription';
import { usePlans } from '../api/list-plans';
import { checkoutErrorMessage } from '../checkout-errors';
import { PLAN_STORE_INTRO, PLAN_STORE_TITLE, StoreFrame } from '../components/store-frame';
import { PlanCardsSkeleton } from '../components/store-skeletons';
import { intervalOf } from '../store-format';
import { readReturnTo } from '../store-params';
import '../messages';

/**
 * /buy/subscriptions (SPEC §2): the plans side by side. A reader who already has a running plan
 * sees it marked and cannot start another (the server refuses with a conflict anyway).
 */
function PlansPage() {
  const t = useT();
  useDocumentTitle(t(PLAN_STORE_TITLE));
  const { user } = useAuth();
  const [params] = useSearchParams();
  const returnTo = readReturnTo(params);
  const plans = usePlans();
  const subscription = useMySubscription(user !== null);
  const checkout = useCheckout();
  const goToCheckout = useGoToCheckout();
  const current = subscription.data?.status === 'active' ? subscription.data : null;

  const handleSubscribe = (plan: Plan) => {
    checkout.mutate(
      { kind: 'plan', planId: plan.id, ...(returnTo ? { returnTo } : {}) },
      {
        onSuccess: ({ checkoutUrl }) => goToCheckout(checkoutUrl),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'conflict') void subscription.refetch();
          if (error instanceof ApiError && error.code === 'not_found') void plans.refetch();
        },
      },
    );
  };

  return (
    <StoreFrame title={PLAN_STORE_TITLE} intro={PLAN_STORE_INTRO}>
      {current && (
        <p role="note" className="mb-6 rounded-xl border border-amber-400/40 bg-amber-500/10 p-4 text-sm text-amber-100">
          {richText(t('store.plans.alreadyHave', { plan: current.plan.name }), { strong: (words) => <strong>{words}</strong> })}{' '}
          <Link to="/profile/subscriptions" className="font-semibold text-amber-300 hover:underline">
            {t('store.plans.manage')}
          </Link>
        </p>
      )}
      {checkout.isError && (
        <p role="alert" className="mb-6 rounded-xl border border-rose-500/40 bg-rose-500/10 p-4 text-sm text-rose-200">
          {checkoutErrorMessage(t, checkout.error)}
        </p>
      )}
      {plans.isPending || (user && subscription.isPending) ? (
        <PlanCardsSkeleton />
      ) : plans.isError ? (
        <LoadError message={t('store.plans.loadError')} onRetry={() => void plans.refetch()} />
      ) : plans.data.items.length === 0 ? (
        <p className="rounded-xl border border-ink-800 bg-ink-900 p-8 text-center text-zinc-300">{t('store.plans.empty')}</p>
      ) : (
        <ul className="grid gap-6 md:grid-cols-2">
          {plans.data.items.map((plan) => (
            <li key={plan.id} className="flex">
              <PlanCard
                plan={plan}
                current={current}
                isBusy={checkout.isPending && checkout.variables?.kind === 'plan' && checkout.variables.planId === plan.id}
                isDisabled={checkout.isPending || checkout.isSuccess || current !== null}
                onSubscribe={() => handleSubscribe(plan)}
              />
            </li>
          ))}
        </ul>
      )}
    </StoreFrame>
  );
}

interface CardProps {
  plan: Plan;
  current: Subscription | null;
  isBusy: boolean;
  isDisabled: boolean;
  onSubscribe(): void;
}

function PlanCard({ plan, current, isBusy, isDisabled, onSubscribe }: CardProps) {
  const t = useT();
  const format = useFormat();
  const { user } = useAuth();
  const location = useLocation();
  const isCurrent = current?.plan.id === plan.id;
  const headingId = `plan-${plan.id}`;
  const interval = intervalOf(plan.interval);
  return (
    <article
      aria-labelledby={headingId}
      className={`flex w-full flex-col rounded-2xl border p-6 ${isCurrent ? 'border-amber-400/60 bg-amber-500/5' : 'border-ink-800 bg-ink-900'}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold text-white">
          {plan.name}
        </h2>
        {isCurrent && (
          <span className="shrink-0 rounded-full bg-amber-400 px-3 py-0.5 text-xs font-bold uppercase tracking-wide text-ink-950">
            {t('store.subscription.yourPlan')}
          </span>
        )}
      </div>
      <p className="mt-2 min-h-10 text-sm text-zinc-400">{plan.description}</p>
      <p className="mt-4 text-3xl font-bold text-white">
        {format.money(plan.priceCents, plan.currency)}
        <span className="text-base font-medium text-zinc-400"> {t('store.plan.perInterval', { interval })}</span>
      </p>
      <ul className="mt-4 flex-1 space-y-2 text-sm text-zinc-200">
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
        <li className="flex items-center gap-2">
          <Check className="size-4 text-emerald-300" aria-hidden /> {t('store.plan.cancelAnyTime')}
        </li>
      </ul>
      <div className="mt-auto pt-6">
        {user ? (
          <button
            type="button"
            onClick={onSubscribe}
            disabled={isDisabled}
            aria-describedby={headingId}
            className={`${primaryButton} w-full`}
          >
            {isCurrent ? t('store.plans.currentPlan') : isBusy ? t('store.checkout.opening') : t('store.plans.subscribe')}
          </button>
        ) : (
          <Link to="/login" state={{ from: location.pathname + location.search }} className={`${primaryButton} w-full`}>
            {t('store.plans.logInToSubscribe')}
          </Link>
        )}
      </div>
    </article>
  );
}

export default PlansPage;
