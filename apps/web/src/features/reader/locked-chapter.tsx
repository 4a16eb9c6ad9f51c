import type { ChapterContent } from '@inkwell/contract';
import { Clock, Coins, Crown, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { BulkUnlock } from '../../components/bulk-unlock';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useToast } from '../../components/toast/toast-context';
import { UnlockError } from '../../components/unlock-error';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { formatCoins } from '../../lib/money';
import { chapterLabel, formatDate, formatDateTime } from '../../lib/time';
import { useChaptersForSale } from '../../lib/wallet/chapters-for-sale';
import { lockedRunFrom } from '../../lib/wallet/locked-run';
import { useStoreSettingsMutation } from '../../lib/wallet/store-settings';
import { useAutoUnlockSeries, useTurnOffAutoUnlockSeries } from '../../lib/wallet/auto-unlock-series';
import { getCoinsHref, useUnlockChapters } from '../../lib/wallet/unlock';
import { FreeCountdown } from './components/free-countdown';
import { NotifyWhenFree } from './components/notify-when-free';
import { OfferLadder } from './components/offer-ladder';
import { unlockedMessage, useAutoUnlock } from './use-auto-unlock';

interface LockedChapterProps {
  data: ChapterContent;
  /** False while the chapter is being asked again: auto-unlock waits for a fresh answer. */
  isFresh: boolean;
  onFree(): void;
}

/**
 * The lock panel under a locked chapter's preview, in the order a reader chooses (issue 33 §8):
 * the free way first and largest (the series' pass or daily free, and how long it opens the
 * chapter); then its price and, in early access, a live countdown to its free date, with the
 * Unlock button and its confirmation (or the store when the coins are short), or for a visitor
 * "Create a free account" and "Log in"; then, quieter, the auto-unlock option, Premium and bulk
 * unlocking of what follows.
 */
export function LockedChapter({ data, isFresh, onFree }: LockedChapterProps) {
  const { user, isChecking } = useAuth();
  const chapter = data.chapter;
  const chapterPath = `/SeriesView/${data.series.slug}/${chapter.slug}`;
  const toast = useToast();
  // Auto-unlock chosen for this series alone (while unlocking one of its chapters).
  const seriesAutoUnlock = useAutoUnlockSeries(Boolean(user) && !user?.autoUnlock);
  const turnOffSeries = useTurnOffAutoUnlockSeries();
  const isOnForSeries = seriesAutoUnlock.data?.items.some((item) => item.seriesId === data.series.id) ?? false;
  const [alsoForSeries, setAlsoForSeries] = useState(false);
  // One unlock for the chapter, whether auto-unlock or the button starts it. The series list
  // must be settled, not only fetched once: an unlock that turned the series on refetches it,
  // and leaving the chapter cancels that refetch, so the next chapter can open on the old list.
  const unlock = useAutoUnlock(
    chapter,
    user,
    isOnForSeries,
    isFresh && !isChecking && (!user || user.autoUnlock || (seriesAutoUnlock.isFetched && !seriesAutoUnlock.isFetching)),
  );
  const unlockMany = useUnlockChapters();
  const settings = useStoreSettingsMutation();
  const [isConfirming, setIsConfirming] = useState(false);
  const autoUnlockId = useId();
  const isEarly = chapter.access === 'early_access' && chapter.freeAt !== null;
  // What follows for sale, for bulk unlocking (a long series' may reach far past this answer's chapters).
  const forSale = useChaptersForSale(data.series.slug, chapter.number, Boolean(user));
  const run = user && forSale.data ? lockedRunFrom(forSale.data.items, chapter.number) : [];

  const handleUnlock = () =>
    unlock
      .mutateAsync({ chapterId: chapter.id, autoUnlockSeries: alsoForSeries || undefined })
      .then((result) => toast({ message: unlockedMessage(result.charged), type: 'success', duration: 4000 }));

  const handleBulkUnlock = (chapterIds: string[]) =>
    unlockMany.mutateAsync({ seriesId: data.series.id, chapterIds }).then((result) =>
      toast({
        message: result.charged > 0 ? `Unlocked ${chapterIds.length} chapters for ${result.charged} coins` : 'Chapters unlocked',
        type: 'success',
        duration: 4000,
      }),
    );

  const handleAutoUnlockChange = () => {
    if (!user) return;
    settings.mutate(
      { autoUnlock: !user.autoUnlock },
      { onError: () => toast({ message: 'Your setting could not be saved. Try again.', type: 'error', duration: 5000 }) },
    );
  };

  const handleRent = (method: 'wait_pass' | 'daily_free') =>
    unlock.mutateAsync({ chapterId: chapter.id, method }).then(
      (result) =>
        toast({
          message: result.openUntil ? `Open until ${formatDateTime(result.openUntil)}` : 'Chapter unlocked',
          type: 'success',
          duration: 5000,
        }),
      (error: unknown) =>
        toast({
          message: error instanceof ApiError ? error.message : 'The chapter could not be opened. Try again.',
          type: 'error',
          duration: 5000,
        }),
    );

  const handleTurnOffSeries = () =>
    turnOffSeries.mutate(data.series.id, {
      onSuccess: () => toast({ message: `Auto-unlock turned off for ${data.series.title}`, type: 'success', duration: 4000 }),
      onError: () => toast({ message: 'Your setting could not be saved. Try again.', type: 'error', duration: 5000 }),
    });

  const short = user ? chapter.price - user.coins : 0;
  // A free way ready now comes first and largest; the coin unlock is then the second choice.
  const isFreeReady = data.offers.some(
    (offer) => (offer.type === 'wait_pass' || offer.type === 'daily_free') && Date.parse(offer.availableAt) <= Date.now(),
  );
  const coinButton = `${isFreeReady ? secondaryButton : primaryButton} w-full px-5 py-2.5 text-base sm:w-auto`;

  return (
    <section
      aria-labelledby="locked-heading"
      className="mx-3 my-8 max-w-xl rounded-2xl border border-amber-500/30 bg-ink-900 p-5 text-center sm:mx-auto sm:my-12 sm:p-8"
      data-testid="lock-panel"
    >
      <Lock className="mx-auto size-8 text-amber-300" aria-hidden />
      <h2 id="locked-heading" className="mt-3 text-2xl font-bold text-white">
        {chapter.access === 'early_access' ? 'Early access chapter' : 'Premium chapter'}
      </h2>
      <OfferLadder
        offers={data.offers}
        seriesId={data.series.id}
        rentalHours={data.series.freeLadder?.rentalHours}
        isSignedIn={Boolean(user)}
        onRent={handleRent}
        isRenting={unlock.isPending}
      />

      <div className="mt-5 flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-lg">
        <p className="flex items-center gap-2 text-amber-200" data-testid="lock-price">
          <Coins className="size-5" aria-hidden />
          <span>
            {isFreeReady ? 'Or keep it for good: ' : 'Unlock for '}
            <strong>{chapter.price} coins</strong>
          </span>
        </p>
        {isEarly && (
          <p className="flex items-center gap-1.5 rounded-full bg-sky-500/15 px-3 py-1 text-sm font-medium text-sky-200">
            <Clock className="size-4" aria-hidden />
            Free in <FreeCountdown freeAt={chapter.freeAt!} onFree={onFree} />
          </p>
        )}
      </div>
      {isEarly && <p className="mt-2 text-sm text-zinc-400">Free for everyone on {formatDate(chapter.freeAt!)}.</p>}

      <div className="mt-4 flex min-h-11 flex-col items-center gap-3">
        {!user ? (
          // Signing up keeps the chapter: the mailed link lands back here (issue 33 §4).
          <div className="flex w-full flex-col items-stretch justify-center gap-2 sm:flex-row sm:items-center">
            <Link
              to={`/register?next=${encodeURIComponent(chapterPath)}`}
              state={{ from: chapterPath }}
              className={`${primaryButton} px-5 py-2.5 text-base`}
            >
              Create a free account
            </Link>
            <Link to="/login" state={{ from: chapterPath }} className={`${secondaryButton} px-5 py-2.5 text-base`}>
              Log in
            </Link>
          </div>
        ) : unlock.isPending && !isConfirming ? (
          <p role="status" className="flex h-11 items-center gap-2 text-sm text-zinc-200">
            <span className="size-4 animate-spin rounded-full border-2 border-accent-400 border-t-transparent" aria-hidden />
            Unlocking for {chapter.price} coins…
          </p>
        ) : short <= 0 ? (
          <button type="button" onClick={() => setIsConfirming(true)} className={coinButton}>
            Unlock chapter
          </button>
        ) : (
          <>
            <Link to={getCoinsHref({ returnTo: chapterPath, unlock: chapter.id })} className={coinButton}>
              <Coins className="size-4" aria-hidden />
              Get coins
            </Link>
            <p className="text-sm text-zinc-400">
              You need {formatCoins(short)} more coins. The chapter unlocks as soon as you have paid.
            </p>
          </>
        )}
      </div>
      {user && (
        <p className="mt-3 text-sm text-zinc-300">
          Your balance:{' '}
          <strong className="tabular-nums text-white" data-testid="lock-balance">
            {formatCoins(user.coins)} coins
          </strong>
        </p>
      )}

      {/* The rest is quieter: settings and other ways, below the two choices. */}
      <div className="mt-6 space-y-3 border-t border-ink-800 pt-4 text-sm text-zinc-300" data-testid="lock-more">
        {isEarly && user && <NotifyWhenFree chapterId={chapter.id} />}
        {user && (
          <label
            htmlFor={autoUnlockId}
            className="mx-auto flex w-fit max-w-full cursor-pointer items-start gap-2 text-left text-sm text-zinc-300"
          >
            <input
              id={autoUnlockId}
              type="checkbox"
              checked={user.autoUnlock}
              onChange={handleAutoUnlockChange}
              disabled={settings.isPending}
              className="mt-0.5 size-4 shrink-0 accent-accent-500"
            />
            Unlock automatically when I open a chapter
          </label>
        )}
        {user && !user.autoUnlock && isOnForSeries && (
          <p className="mx-auto max-w-sm text-sm text-zinc-300" data-testid="series-auto-unlock">
            Chapters of {data.series.title} unlock automatically when you have the coins.{' '}
            <button
              type="button"
              onClick={handleTurnOffSeries}
              disabled={turnOffSeries.isPending}
              className="font-medium text-accent-300 underline-offset-2 hover:underline disabled:cursor-not-allowed disabled:opacity-60"
            >
              Turn off
            </button>
          </p>
        )}
        {!user?.isPremium && (
          <p className="mx-auto max-w-sm text-zinc-400">
            <Crown className="mr-1 inline size-4 align-[-3px] text-amber-300" aria-hidden />
            Premium reads every chapter as soon as it is out.{' '}
            <Link
              to="/buy/subscriptions"
              className="font-medium text-accent-300 underline underline-offset-2 hover:text-accent-200"
            >
              Subscribe for premium
            </Link>
          </p>
        )}
      </div>

      {/* Last: it arrives with the series' prices, after the panel is drawn, and must move nothing. */}
      {run.length >= 2 && user && (
        <div className="mt-6">
          <BulkUnlock
            seriesId={data.series.id}
            run={run}
            total={forSale.data?.total}
            balance={user.coins}
            getCoinsHref={getCoinsHref({ returnTo: chapterPath })}
            onUnlock={handleBulkUnlock}
          />
        </div>
      )}

      {isConfirming && user && (
        <ConfirmDialog
          title={`Unlock ${chapterLabel(chapter)} for ${chapter.price} coins?`}
          confirmLabel="Unlock"
          onConfirm={handleUnlock}
          onClose={() => setIsConfirming(false)}
          renderError={(error) => (
            <UnlockError error={error} getCoinsHref={getCoinsHref({ returnTo: chapterPath, unlock: chapter.id })} />
          )}
        >
          <p>It stays yours for good.</p>
          <p className="mt-1">
            Your balance after:{' '}
            <strong className="tabular-nums text-white">{formatCoins(user.coins - chapter.price)} coins</strong>
          </p>
          {!user.autoUnlock && !isOnForSeries && (
            <label className="mt-4 flex cursor-pointer items-start gap-2 text-zinc-200">
              <input
                type="checkbox"
                checked={alsoForSeries}
                onChange={(event) => setAlsoForSeries(event.target.checked)}
                className="mt-0.5 size-4 shrink-0 accent-accent-500"
              />
              <span>
                Unlock the next chapters of {data.series.title} automatically
                <span className="block text-xs text-zinc-400">
                  When you open one and have the coins. You can turn it off any time.
                </span>
              </span>
            </label>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}
