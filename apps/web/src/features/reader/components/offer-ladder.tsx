import type { ChapterOffer } from '@inkwell/contract';
import { useQuery } from '@tanstack/react-query';
import { Bell, BellRing, CalendarClock, Ticket } from 'lucide-react';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/i18n/format';
import { useT, type Translate } from '../../../lib/i18n/i18n-context';
import type { UnlockMethod } from '../../../lib/wallet/unlock';
import { notifyMeQuery, notifyWhenPass, useNotifyMe } from '../api/notify-me';
import '../lock-messages';

type TimedOffer = Extract<ChapterOffer, { type: 'wait_pass' | 'daily_free' }>;

/** "2 d 4 h", "5 h", "under an hour": how long until a pass or a daily free is back (as the server words it). */
function waitText(t: Translate, msLeft: number): string {
  const hours = Math.ceil(msLeft / 3_600_000);
  if (hours <= 1) return t('reader.wait.soon');
  const days = Math.floor(hours / 24);
  if (days === 0) return t('reader.wait.h', { hours });
  return hours % 24 ? t('reader.wait.dh', { days, hours: hours % 24 }) : t('reader.wait.d', { days });
}

/** "Opens for 24 h" or, for whole days past three, "Opens for 7 d" (as the ladder's badges say it). */
function opensForText(t: Translate, hours: number): string {
  return hours > 72 && hours % 24 === 0
    ? t('reader.offer.opensDays', { days: hours / 24 })
    : t('reader.offer.opensHours', { hours });
}

interface OfferLadderProps {
  offers: ChapterOffer[];
  seriesId: string;
  /** How long the pass or the daily free opens the chapter (the series' rental hours). */
  rentalHours: number | undefined;
  isSignedIn: boolean;
  /** Opens the chapter with the pass or the daily free; resolves once it is open. */
  onRent(method: Exclude<UnlockMethod, 'coins'>): Promise<unknown>;
  isRenting: boolean;
  now?: number;
}

/** The free way's own button: the largest of the panel, green, full width on a phone. */
const freeButton =
  'inline-flex w-full items-center justify-center gap-2 rounded-xl bg-emerald-700 px-6 py-3 text-base font-bold text-white hover:bg-emerald-600 disabled:cursor-not-allowed disabled:bg-ink-700 disabled:text-zinc-400 sm:w-auto';

/**
 * The free rungs of a locked chapter's ladder (issue 22 §1), first in the lock panel and the
 * largest (issue 33 §8): the series' wait-until-free pass ("Free with your pass now", or when it
 * recharges, with "Notify me") and a completed series' daily free, each saying how long it opens
 * the chapter. A visitor is told to sign up or log in for it (the panel's account buttons below).
 * Coins, the free date and Premium follow.
 */
export function OfferLadder({
  offers,
  seriesId,
  rentalHours,
  isSignedIn,
  onRent,
  isRenting,
  now = Date.now(),
}: OfferLadderProps) {
  const timed = offers.filter((offer): offer is TimedOffer => offer.type === 'wait_pass' || offer.type === 'daily_free');
  const t = useT();
  if (timed.length === 0) return null;
  const opensFor = rentalHours ? opensForText(t, rentalHours) : null;
  return (
    <ul className="mt-5 space-y-3" aria-label={t('reader.offer.label')} data-testid="offer-ladder">
      {timed.map((offer) => {
        const msLeft = new Date(offer.availableAt).getTime() - now;
        const isReady = msLeft <= 0;
        const isPass = offer.type === 'wait_pass';
        const Icon = isPass ? Ticket : CalendarClock;
        return (
          <li
            key={offer.type}
            className={`flex flex-col items-center gap-2 rounded-xl border px-4 ${
              isReady ? 'border-emerald-400/50 bg-emerald-500/10 py-4' : 'border-ink-700 bg-ink-800/40 py-3'
            }`}
            data-testid={`offer-${offer.type}`}
            data-ready={isReady}
          >
            <p
              className={`flex items-center gap-2 ${isReady ? 'text-lg font-semibold text-emerald-100' : 'text-sm text-zinc-200'}`}
            >
              <Icon className={`${isReady ? 'size-5' : 'size-4'} shrink-0 text-emerald-300`} aria-hidden />
              {isReady
                ? isPass
                  ? // A visitor has no pass yet: every account gets one.
                    t(isSignedIn ? 'reader.offer.passNow' : 'reader.offer.passVisitor')
                  : t('reader.offer.dailyNow')
                : t(isPass ? 'reader.offer.passIn' : 'reader.offer.dailyIn', { wait: waitText(t, msLeft) })}
            </p>
            {isReady && opensFor && <p className="text-sm text-emerald-200/90">{opensFor}</p>}
            {!isSignedIn ? (
              isReady && <p className="text-sm text-zinc-300">{t('reader.offer.visitor')}</p>
            ) : isReady ? (
              <button
                type="button"
                disabled={isRenting}
                onClick={() => void onRent(offer.type).catch(() => undefined)}
                className={`${freeButton} mt-1`}
              >
                {t(isPass ? 'reader.offer.usePass' : 'reader.offer.readFree')}
              </button>
            ) : isPass ? (
              <NotifyWhenPass seriesId={seriesId} at={offer.availableAt} />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** "Notify me" while the pass recharges: the bell says when it is back. */
function NotifyWhenPass({ seriesId, at }: { seriesId: string; at: string }) {
  const toast = useToast();
  const t = useT();
  const format = useFormat();
  const state = useQuery(notifyMeQuery(notifyWhenPass(seriesId)));
  const mutation = useNotifyMe(notifyWhenPass(seriesId));
  if (state.isError) return null;
  const isOn = state.data === true;
  const Icon = isOn ? BellRing : Bell;
  return (
    <button
      type="button"
      aria-pressed={isOn}
      disabled={state.data === undefined || mutation.isPending}
      title={t('reader.offer.passBack', { date: format.dateTime(at) })}
      onClick={() =>
        mutation.mutate(!isOn, {
          onError: (error) =>
            toast({
              message:
                error instanceof ApiError && error.code === 'validation_failed' ? error.message : t('reader.notify.failed'),
              type: 'error',
              duration: 5000,
            }),
        })
      }
      className={`inline-flex items-center gap-2 rounded-lg px-3 py-1.5 text-sm font-semibold disabled:cursor-not-allowed ${
        isOn ? 'bg-sky-500/15 text-sky-200 ring-1 ring-inset ring-sky-400/40' : 'bg-ink-800 text-zinc-100 hover:bg-ink-700'
      }`}
      data-testid="notify-when-pass"
    >
      <Icon className="size-4" aria-hidden />
      {t('reader.offer.notify')}
    </button>
  );
}
