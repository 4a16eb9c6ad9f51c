import type { ChapterContent } from '@inkwell/contract';
import { Lock } from 'lucide-react';
import { useId } from 'react';
import { BulkUnlock } from '../../components/bulk-unlock';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { SeriesTiersPart } from '../../components/membership-parts';
import { useAuth } from '../../lib/auth/auth-context';
import { useFormat } from '../../lib/i18n/format';
import { richText } from '../../lib/i18n/rich';
import { useT } from '../../lib/i18n/i18n-context';
import { getCoinsHref } from '../../lib/wallet/unlock';
import { LockMore, LockPrice, UnlockActions, UnlockConfirm } from './components/lock-panel-parts';
import { OfferLadder } from './components/offer-ladder';
import { useAutoUnlockSetting, useSeriesAutoUnlock } from './use-auto-unlock-choices';
import { useBulkUnlock } from './use-bulk-unlock';
import { useUnlockFlow } from './use-unlock-flow';
import './lock-messages';

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
  const t = useT();
  const format = useFormat();
  const chapter = data.chapter;
  const chapterPath = `/SeriesView/${data.series.slug}/${chapter.slug}`;
  const seriesAutoUnlock = useSeriesAutoUnlock(data.series, user);
  // One unlock for the chapter, whether auto-unlock or the button starts it. The series list
  // must be settled, not only fetched once: an unlock that turned the series on refetches it,
  // and leaving the chapter cancels that refetch, so the next chapter can open on the old list.
  const flow = useUnlockFlow({
    chapter,
    user,
    isOnForSeries: seriesAutoUnlock.isOn,
    isReady: isFresh && !isChecking && (!user || user.autoUnlock || seriesAutoUnlock.isSettled),
  });
  const bulk = useBulkUnlock(data, user);
  const autoUnlockSetting = useAutoUnlockSetting(user);
  const autoUnlockId = useId();
  const isEarly = chapter.access === 'early_access' && chapter.freeAt !== null;
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
        {t(chapter.access === 'early_access' ? 'reader.lock.early' : 'reader.lock.premium')}
      </h2>
      <OfferLadder
        offers={data.offers}
        seriesId={data.series.id}
        rentalHours={data.series.freeLadder?.rentalHours}
        isSignedIn={Boolean(user)}
        onRent={flow.handleRent}
        isRenting={flow.isUnlocking}
      />

      <LockPrice chapter={chapter} isFreeReady={isFreeReady} isEarly={isEarly} onFree={onFree} />
      {isEarly && <p className="mt-2 text-sm text-zinc-400">{t('reader.lock.freeOn', { date: format.date(chapter.freeAt!) })}</p>}

      <UnlockActions
        chapter={chapter}
        chapterPath={chapterPath}
        user={user}
        isUnlocking={flow.isUnlocking}
        isConfirming={flow.isConfirming}
        coinButton={coinButton}
        onUnlock={flow.startConfirming}
      />
      {user && (
        <p className="mt-3 text-sm text-zinc-300">
          {richText(t('reader.lock.balance', { count: user.coins, coins: format.count(user.coins) }), {
            b: (words) => (
              <strong className="tabular-nums text-white" data-testid="lock-balance">
                {words}
              </strong>
            ),
          })}
        </p>
      )}

      {/* The rest is quieter: settings and other ways, below the two choices. */}
      <LockMore
        data={data}
        user={user}
        isEarly={isEarly}
        autoUnlockId={autoUnlockId}
        autoUnlockSetting={autoUnlockSetting}
        seriesAutoUnlock={seriesAutoUnlock}
      />

      {/* Last: it arrives with the series' prices, after the panel is drawn, and must move nothing. */}
      {bulk.run.length >= 2 && user && (
        <div className="mt-6">
          <BulkUnlock
            seriesId={data.series.id}
            run={bulk.run}
            total={bulk.total}
            balance={user.coins}
            getCoinsHref={getCoinsHref({ returnTo: chapterPath })}
            onUnlock={bulk.handleBulkUnlock}
          />
        </div>
      )}

      {/* Issue 38 §1: the series' membership tiers, for a reader who is not a member; they come last, moving nothing above. */}
      <SeriesTiersPart series={data.series} returnTo={chapterPath} variant="lock" />

      {flow.isConfirming && user && (
        <UnlockConfirm data={data} user={user} chapterPath={chapterPath} flow={flow} isOnForSeries={seriesAutoUnlock.isOn} />
      )}
    </section>
  );
}
