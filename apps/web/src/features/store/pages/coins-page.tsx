import type { CoinPackage } from '@inkwell/contract';
import { Coins, Info } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { primaryButton } from '../../../components/button-styles';
import { LoadError } from '../../../components/load-error';
import { useAuth } from '../../../lib/auth/auth-context';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCheckout, useGoToCheckout } from '../api/checkout';
import { useCoinPackages } from '../api/list-coin-packages';
import { checkoutErrorMessage } from '../checkout-errors';
import { COIN_STORE_INTRO, COIN_STORE_TITLE, StoreFrame } from '../components/store-frame';
import { CoinPackageCardsSkeleton } from '../components/store-skeletons';
import { readReturnTo, readUnlockChapterId } from '../store-params';
import '../messages';

/**
 * /buy/coins and /buy/store (SPEC §2): the coin packages. A Buy opens a checkout and goes there;
 * `?returnTo=` and `?unlock=` (from a locked chapter) travel with it, so the reader comes back to
 * the chapter, unlocked.
 */
function CoinsPage() {
  const t = useT();
  useDocumentTitle(t(COIN_STORE_TITLE));
  const [params] = useSearchParams();
  const returnTo = readReturnTo(params);
  const unlockChapterId = readUnlockChapterId(params);
  const packages = useCoinPackages();
  const checkout = useCheckout();
  const goToCheckout = useGoToCheckout();

  const handleBuy = (item: CoinPackage) => {
    checkout.mutate(
      { kind: 'coins', packageId: item.id, ...(returnTo ? { returnTo } : {}), ...(unlockChapterId ? { unlockChapterId } : {}) },
      {
        onSuccess: ({ checkoutUrl }) => goToCheckout(checkoutUrl),
        onError: () => void packages.refetch(),
      },
    );
  };

  return (
    <StoreFrame title={COIN_STORE_TITLE} intro={COIN_STORE_INTRO}>
      {unlockChapterId && (
        <p
          role="note"
          className="mb-6 flex items-start gap-3 rounded-xl border border-accent-500/40 bg-accent-600/10 p-4 text-sm text-zinc-200"
        >
          <Info className="mt-0.5 size-4 shrink-0 text-accent-400" aria-hidden />
          <span>
            {t('store.coins.unlockNote')}
            {returnTo && (
              <>
                {' '}
                <Link to={returnTo} className="font-semibold text-accent-400 hover:underline">
                  {t('store.coins.backToChapter')}
                </Link>
              </>
            )}
          </span>
        </p>
      )}
      {checkout.isError && (
        <p role="alert" className="mb-6 rounded-xl border border-rose-500/40 bg-rose-500/10 p-4 text-sm text-rose-200">
          {checkoutErrorMessage(t, checkout.error)}
        </p>
      )}
      {packages.isPending ? (
        <CoinPackageCardsSkeleton />
      ) : packages.isError ? (
        <LoadError message={t('store.coins.loadError')} onRetry={() => void packages.refetch()} />
      ) : packages.data.items.length === 0 ? (
        <p className="rounded-xl border border-ink-800 bg-ink-900 p-8 text-center text-zinc-300">{t('store.coins.empty')}</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {packages.data.items.map((item) => (
            <li key={item.id} className="flex">
              <CoinPackageCard
                item={item}
                isBusy={checkout.isPending && checkout.variables?.kind === 'coins' && checkout.variables.packageId === item.id}
                isDisabled={checkout.isPending || checkout.isSuccess}
                onBuy={() => handleBuy(item)}
              />
            </li>
          ))}
        </ul>
      )}
    </StoreFrame>
  );
}

interface CardProps {
  item: CoinPackage;
  isBusy: boolean;
  isDisabled: boolean;
  onBuy(): void;
}

function CoinPackageCard({ item, isBusy, isDisabled, onBuy }: CardProps) {
  const t = useT();
  const format = useFormat();
  const { user } = useAuth();
  const location = useLocation();
  const headingId = `package-${item.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex w-full flex-col rounded-2xl border p-6 ${
        item.bestValue ? 'border-amber-400/60 bg-amber-500/5 shadow-lg shadow-amber-500/10' : 'border-ink-800 bg-ink-900'
      }`}
    >
      {item.bestValue && (
        <span className="absolute -top-3 left-6 rounded-full bg-amber-400 px-3 py-0.5 text-xs font-bold uppercase tracking-wide text-ink-950">
          {t('store.coins.bestValue')}
        </span>
      )}
      <h2 id={headingId} className="text-lg font-semibold text-white">
        {item.name}
      </h2>
      <p className="mt-4 flex items-center gap-2 text-3xl font-bold text-amber-300">
        <Coins className="size-7" aria-hidden />
        {richText(t('store.coins.packageCoins', { count: item.coins, coins: format.count(item.coins) }), {
          unit: (words) => <span className="text-base font-semibold text-amber-200/80">{words}</span>,
        })}
      </p>
      <p className="mt-1 h-5 text-sm font-medium text-emerald-300">
        {item.bonusCoins > 0 && t('store.coins.bonus', { count: item.bonusCoins, coins: format.count(item.bonusCoins) })}
      </p>
      <p className="mt-4 text-2xl font-semibold text-white" data-testid="package-price">
        {format.money(item.priceCents, item.currency)}
      </p>
      <div className="mt-auto pt-6">
        {user ? (
          <button
            type="button"
            onClick={onBuy}
            disabled={isDisabled}
            aria-describedby={headingId}
            className={`${primaryButton} w-full`}
          >
            {isBusy ? t('store.checkout.opening') : t('store.coins.buy')}
          </button>
        ) : (
          <Link to="/login" state={{ from: location.pathname + location.search }} className={`${primaryButton} w-full`}>
            {t('store.coins.logInToBuy')}
          </Link>
        )}
      </div>
    </article>
  );
}

export default CoinsPage;
