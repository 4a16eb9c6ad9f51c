import { useT } from '../../../lib/i18n/i18n-context';
import { COIN_STORE_INTRO, COIN_STORE_TITLE, PLAN_STORE_INTRO, PLAN_STORE_TITLE, StoreFrame } from './store-frame';
import '../messages';

// Loading states drawn in the loaded cards' own boxes (the same paddings and line heights, with
// bars where the text goes), so nothing moves when the packages and plans arrive.

const bar = 'inline-block animate-pulse rounded bg-ink-800 text-transparent';

export function CoinPackageCardsSkeleton() {
  const t = useT();
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t('store.coins.loading')}>
      {[0, 1, 2].map((n) => (
        <div key={n} className="flex flex-col rounded-2xl border border-ink-800 bg-ink-900 p-6">
          <p className="text-lg font-semibold">
            <span className={`${bar} w-28`}>{'\u00a0'}</span>
          </p>
          <p className="mt-4 text-3xl font-bold">
            <span className={`${bar} w-36`}>{'\u00a0'}</span>
          </p>
          <p className="mt-1 h-5 text-sm" />
          <p className="mt-4 text-2xl font-semibold">
            <span className={`${bar} w-20`}>{'\u00a0'}</span>
          </p>
          <div className="mt-auto pt-6">
            <div className="h-9 animate-pulse rounded-lg bg-ink-800" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function PlanCardsSkeleton() {
  const t = useT();
  return (
    <div className="grid gap-6 md:grid-cols-2" aria-busy="true" aria-label={t('store.plans.loading')}>
      {[0, 1].map((n) => (
        <div key={n} className="flex flex-col rounded-2xl border border-ink-800 bg-ink-900 p-6">
          <p className="text-xl font-bold">
            <span className={`${bar} w-32`}>{'\u00a0'}</span>
          </p>
          <p className="mt-2 min-h-10 text-sm">
            <span className={`${bar} w-full`}>{'\u00a0'}</span>
          </p>
          <p className="mt-4 text-3xl font-bold">
            <span className={`${bar} w-28`}>{'\u00a0'}</span>
          </p>
          <ul className="mt-4 flex-1 space-y-2 text-sm">
            <li>
              <span className={`${bar} w-40`}>{'\u00a0'}</span>
            </li>
            <li>
              <span className={`${bar} w-44`}>{'\u00a0'}</span>
            </li>
          </ul>
          <div className="mt-auto pt-6">
            <div className="h-9 animate-pulse rounded-lg bg-ink-800" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** /buy/coins while its code and packages load on a cold start. */
export function CoinStoreSkeleton() {
  return (
    <StoreFrame title={COIN_STORE_TITLE} intro={COIN_STORE_INTRO}>
      <CoinPackageCardsSkeleton />
    </StoreFrame>
  );
}

/** /buy/subscriptions while its code and plans load on a cold start. */
export function PlanStoreSkeleton() {
  return (
    <StoreFrame title={PLAN_STORE_TITLE} intro={PLAN_STORE_INTRO}>
      <PlanCardsSkeleton />
    </StoreFrame>
  );
}
