import type { ChapterContent, SessionUser } from '@inkwell/contract';
import { Clock, Coins, Crown } from 'lucide-react';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { UnlockError } from '../../../components/unlock-error';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import { getCoinsHref } from '../../../lib/wallet/unlock';
import type { useAutoUnlockSetting, useSeriesAutoUnlock } from '../use-auto-unlock-choices';
import type { UnlockFlow } from '../use-unlock-flow';
import { FreeCountdown } from './free-countdown';
import { NotifyWhenFree } from './notify-when-free';
import '../lock-messages';

type LockedChapterSummary = ChapterContent['chapter'];

/** The chapter's price ("or keep it for good" after a free way) and, in early access, a live countdown to its free date. */
export function LockPrice({
  chapter,
  isFreeReady,
  isEarly,
  onFree,
}: {
  chapter: LockedChapterSummary;
  isFreeReady: boolean;
  isEarly: boolean;
  onFree(): void;
}) {
  const t = useT();
  const bold = { b: (words: string) => <strong>{words}</strong> };
  return (
    <div className="mt-5 flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-lg">
      <p className="flex items-center gap-2 text-amber-200" data-testid="lock-price">
        <Coins className="size-5" aria-hidden />
        <span>{richText(t(isFreeReady ? 'reader.lock.keepFor' : 'reader.lock.unlockFor', { price: chapter.price }), bold)}</span>
      </p>
      {isEarly && (
        <p className="flex items-center gap-1.5 rounded-full bg-sky-500/15 px-3 py-1 text-sm font-medium text-sky-200">
          <Clock className="size-4" aria-hidden />
          {richText(t('reader.lock.freeIn'), {
            time: () => <FreeCountdown freeAt={chapter.freeAt!} onFree={onFree} />,
          })}
        </p>
      )}
    </div>
  );
}

/**
 * The coin unlock: for a visitor "Create a free account" and "Log in", while unlocking its
 * progress, then Unlock chapter (which asks first), or the store when the coins are short.
 */
export function UnlockActions({
  chapter,
  chapterPath,
  user,
  isUnlocking,
  isConfirming,
  coinButton,
  onUnlock,
}: {
  chapter: LockedChapterSummary;
  chapterPath: string;
  user: SessionUser | null;
  isUnlocking: boolean;
  isConfirming: boolean;
  /** The coin button's classes: the first choice, or the second beside a free way ready now. */
  coinButton: string;
  onUnlock(): void;
}) {
  const t = useT();
  const format = useFormat();
  const short = user ? chapter.price - user.coins : 0;
  return (
    <div className="mt-4 flex min-h-11 flex-col items-center gap-3">
      {!user ? (
        // Signing up keeps the chapter: the mailed link lands back here (issue 33 §4).
        <div className="flex w-full flex-col items-stretch justify-center gap-2 sm:flex-row sm:items-center">
          <Link
            to={`/register?next=${encodeURIComponent(chapterPath)}`}
            state={{ from: chapterPath }}
            className={`${primaryButton} px-5 py-2.5 text-base`}
          >
            {t('reader.lock.register')}
          </Link>
          <Link to="/login" state={{ from: chapterPath }} className={`${secondaryButton} px-5 py-2.5 text-base`}>
            {t('reader.lock.login')}
          </Link>
        </div>
      ) : isUnlocking && !isConfirming ? (
        <p role="status" className="flex h-11 items-center gap-2 text-sm text-zinc-200">
          <span className="size-4 animate-spin rounded-full border-2 border-accent-400 border-t-transparent" aria-hidden />
          {t('reader.lock.unlocking', { price: chapter.price })}
        </p>
      ) : short <= 0 ? (
        <button type="button" onClick={onUnlock} className={coinButton}>
          {t('reader.lock.unlockChapter')}
        </button>
      ) : (
        <>
          <Link to={getCoinsHref({ returnTo: chapterPath, unlock: chapter.id })} className={coinButton}>
            <Coins className="size-4" aria-hidden />
            {t('reader.lock.getCoins')}
          </Link>
          <p className="text-sm text-zinc-400">{t('reader.lock.short', { count: short, coins: format.count(short) })}</p>
        </>
      )}
    </div>
  );
}

/** The quieter rest, below the two choices: notify when free, the auto-unlock settings, Premium. */
export function LockMore({
  data,
  user,
  isEarly,
  autoUnlockId,
  autoUnlockSetting,
  seriesAutoUnlock,
}: {
  data: ChapterContent;
  user: SessionUser | null;
  isEarly: boolean;
  autoUnlockId: string;
  autoUnlockSetting: ReturnType<typeof useAutoUnlockSetting>;
  seriesAutoUnlock: ReturnType<typeof useSeriesAutoUnlock>;
}) {
  const t = useT();
  return (
    <div className="mt-6 space-y-3 border-t border-ink-800 pt-4 text-sm text-zinc-300" data-testid="lock-more">
      {isEarly && user && <NotifyWhenFree chapterId={data.chapter.id} />}
      {user && (
        <label
          htmlFor={autoUnlockId}
          className="mx-auto flex w-fit max-w-full cursor-pointer items-start gap-2 text-left text-sm text-zinc-300"
        >
          <input
            id={autoUnlockId}
            type="checkbox"
            checked={user.autoUnlock}
            onChange={autoUnlockSetting.handleChange}
            disabled={autoUnlockSetting.isSaving}
            className="mt-0.5 size-4 shrink-0 accent-accent-500"
          />
          {t('reader.lock.autoUnlock')}
        </label>
      )}
      {user && !user.autoUnlock && seriesAutoUnlock.isOn && (
        <p className="mx-auto max-w-sm text-sm text-zinc-300" data-testid="series-auto-unlock">
          {t('reader.lock.seriesAuto', { title: data.series.title })}{' '}
          <button
            type="button"
            onClick={seriesAutoUnlock.handleTurnOff}
            disabled={seriesAutoUnlock.isTurningOff}
            className="font-medium text-accent-300 underline-offset-2 hover:underline disabled:cursor-not-allowed disabled:opacity-60"
          >
            {t('reader.lock.turnOff')}
          </button>
        </p>
      )}
      {!user?.isPremium && (
        <p className="mx-auto max-w-sm text-zinc-400">
          <Crown className="mr-1 inline size-4 align-[-3px] text-amber-300" aria-hidden />
          {t('reader.lock.premiumText')}{' '}
          <Link
            to="/buy/subscriptions"
            className="font-medium text-accent-300 underline underline-offset-2 hover:text-accent-200"
          >
            {t('reader.lock.subscribe')}
          </Link>
        </p>
      )}
    </div>
  );
}

/** Unlock chapter's confirmation: the balance after, and auto-unlock for the series' next chapters. */
export function UnlockConfirm({
  data,
  user,
  chapterPath,
  flow,
  isOnForSeries,
}: {
  data: ChapterContent;
  user: SessionUser;
  chapterPath: string;
  flow: UnlockFlow;
  isOnForSeries: boolean;
}) {
  const t = useT();
  const format = useFormat();
  const chapter = data.chapter;
  const after = user.coins - chapter.price;
  return (
    <ConfirmDialog
      title={t('reader.confirm.title', { chapter: format.chapterLabel(chapter), price: chapter.price })}
      confirmLabel={t('reader.confirm.unlock')}
      onConfirm={flow.handleUnlock}
      onClose={flow.stopConfirming}
      renderError={(error) => (
        <UnlockError error={error} getCoinsHref={getCoinsHref({ returnTo: chapterPath, unlock: chapter.id })} />
      )}
    >
      <p>{t('reader.confirm.forGood')}</p>
      <p className="mt-1">
        {richText(t('reader.confirm.after', { count: after, coins: format.count(after) }), {
          b: (words) => <strong className="tabular-nums text-white">{words}</strong>,
        })}
      </p>
      {!user.autoUnlock && !isOnForSeries && (
        <label className="mt-4 flex cursor-pointer items-start gap-2 text-zinc-200">
          <input
            type="checkbox"
            checked={flow.alsoForSeries}
            onChange={(event) => flow.setAlsoForSeries(event.target.checked)}
            className="mt-0.5 size-4 shrink-0 accent-accent-500"
          />
          <span>
            {t('reader.confirm.series', { title: data.series.title })}
            <span className="block text-xs text-zinc-400">{t('reader.confirm.seriesHint')}</span>
          </span>
        </label>
      )}
    </ConfirmDialog>
  );
}
