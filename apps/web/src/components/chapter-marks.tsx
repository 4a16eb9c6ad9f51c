import type { ChapterSummary, FreeLadder } from '@inkwell/contract';
import { CalendarClock, Clock, Coins, LockOpen } from 'lucide-react';
import { FreeWayBadge } from './free-ladder-badges';
import { useFormat } from '../lib/i18n/format';
import { useT, type Translate } from '../lib/i18n/i18n-context';
import '../lib/i18n/chapter-messages';

const DAY_MS = 86_400_000;
const UNITS = [
  ['year', 365 * DAY_MS],
  ['month', 30 * DAY_MS],
  ['week', 7 * DAY_MS],
  ['day', DAY_MS],
  ['hour', 3_600_000],
  ['minute', 60_000],
] as const;

/** "Rented · 3d left": the time left in its largest whole unit, short, as a phone's row has room for. */
function rentedShort(t: Translate, iso: string): string {
  const diff = Date.parse(iso) - Date.now();
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) < ms) continue;
    return t('common.components.marks.rentedShort', { unit, count: Math.abs(Math.round(diff / ms)) });
  }
  return t('common.components.marks.rentedShort', { unit: diff >= 0 ? 'soon' : 'now', count: 0 });
}

const pill = 'inline-flex h-6 items-center gap-1 whitespace-nowrap rounded-full px-2 text-xs font-semibold tabular-nums';

/**
 * A chapter's state for this viewer, as a chapter row shows it: free (nothing), unlocked (an open
 * lock), rented (a clock and when the rental ends: it locks again then), locked (a coin and its
 * price), early access (so named, its price and when it turns free), scheduled; a locked one also
 * the series' free ways that open it ("Wait · 24 h", "Daily free", issue 33 §2). Each says in
 * words what its icons show, for screen readers.
 */
export function ChapterMarks({
  chapter,
  ladder,
}: {
  chapter: Pick<ChapterSummary, 'access' | 'price' | 'freeAt' | 'publishedAt'> &
    Partial<Pick<ChapterSummary, 'openUntil' | 'freeWays'>>;
  /** The series' free ladder, for how long its pass takes. */
  ladder?: FreeLadder;
}) {
  const t = useT();
  const format = useFormat();
  const freeWays = chapter.freeWays?.map((way) => <FreeWayBadge key={way} way={way} waitPassHours={ladder?.waitPassHours} />);
  switch (chapter.access) {
    case 'locked':
      return (
        <span className="inline-flex flex-wrap items-center gap-1">
          {freeWays}
          <span className={`${pill} bg-amber-500/15 text-amber-300`} data-access="locked">
            <span className="sr-only">{t('common.components.marks.lockedPrefix')}</span>
            <Coins className="size-3.5" aria-hidden />
            {chapter.price}
            <span className="sr-only">{t('common.components.marks.coinsSuffix')}</span>
          </span>
        </span>
      );
    case 'early_access':
      return (
        <span className="inline-flex flex-wrap items-center gap-1" data-access="early_access">
          <span className={`${pill} bg-accent-500/15 text-accent-300`}>
            {t('common.components.marks.earlyAccess')}
            <span className="sr-only">:</span>
          </span>
          {freeWays}
          <span className={`${pill} bg-amber-500/15 text-amber-300`}>
            <Coins className="size-3.5" aria-hidden />
            {chapter.price}
            <span className="sr-only">{t('common.components.marks.coinsSuffix')}</span>
          </span>
          {chapter.freeAt && (
            <span
              className={`${pill} bg-sky-500/15 font-medium text-sky-300`}
              title={t('common.components.marks.freeOn', { date: format.date(chapter.freeAt) })}
            >
              <Clock className="size-3.5" aria-hidden />
              <span suppressHydrationWarning>
                {t('common.components.marks.freeIn', { time: format.timeLeft(Date.parse(chapter.freeAt) - Date.now()) })}
              </span>
            </span>
          )}
        </span>
      );
    case 'unlocked':
      if (chapter.openUntil)
        return (
          <span
            className={`${pill} bg-sky-500/15 text-sky-300`}
            title={t('common.components.marks.openUntil', { date: format.dateTime(chapter.openUntil) })}
            data-access="rented"
            suppressHydrationWarning
          >
            <Clock className="size-3.5" aria-hidden />
            {/* A phone's row has room for the short form. */}
            <span className="sm:hidden" suppressHydrationWarning>
              {rentedShort(t, chapter.openUntil)}
            </span>
            <span className="hidden sm:inline" suppressHydrationWarning>
              {t('common.components.marks.rentedEnds', { when: format.timeFromNow(chapter.openUntil) })}
            </span>
          </span>
        );
      return (
        <span
          className={`${pill} bg-emerald-500/15 text-emerald-300`}
          title={t('common.components.marks.unlocked')}
          data-access="unlocked"
        >
          <LockOpen className="size-3.5" aria-hidden />
          <span className="sr-only">{t('common.components.marks.unlocked')}</span>
        </span>
      );
    case 'scheduled':
      return (
        <span className={`${pill} bg-violet-500/15 text-violet-300`} data-access="scheduled">
          <CalendarClock className="size-3.5" aria-hidden />
          {t('common.components.marks.scheduled', { date: chapter.publishedAt ? format.date(chapter.publishedAt) : '' })}
        </span>
      );
    default:
      return null;
  }
}
