import type { FreeLadder, FreeWay } from '@inkwell/contract';
import { Gift, Hourglass } from 'lucide-react';
import { useT, type Translate } from '../lib/i18n/i18n-context';

const badge = 'inline-flex items-center gap-1 whitespace-nowrap rounded-full font-semibold';
const SIZES = {
  /** Over a card's cover: opaque, so it reads on any art. */
  cover: 'h-5 px-1.5 text-[10px] shadow',
  /** Beside a status or in a chapter row. */
  row: 'h-6 px-2 text-xs',
};
const TONES = {
  cover: { wait_pass: 'bg-teal-950/90 text-teal-200', daily_free: 'bg-fuchsia-950/90 text-fuchsia-200' },
  row: { wait_pass: 'bg-teal-500/15 text-teal-300', daily_free: 'bg-fuchsia-500/15 text-fuchsia-300' },
};

/** "24 h", "3 d": how long a pass takes to recharge or a rental lasts, short enough for a card, in the page's language. */
export function hoursText(t: Translate, hours: number): string {
  return hours > 72 && hours % 24 === 0
    ? t('common.components.freeLadder.days', { days: hours / 24 })
    : t('common.components.freeLadder.hours', { hours });
}

/** A free way's badge: "Wait · 24 h" (the pass recharges in that long; bare without it) or "Daily free". */
export function FreeWayBadge({
  way,
  waitPassHours,
  size = 'row',
}: {
  way: FreeWay;
  waitPassHours?: number | null;
  size?: keyof typeof SIZES;
}) {
  const t = useT();
  const tone = `${badge} ${SIZES[size]} ${TONES[size][way]}`;
  if (way === 'daily_free')
    return (
      <span className={tone} title={t('common.components.freeLadder.dailyTitle')} data-ladder="daily_free">
        <Gift className="size-3" aria-hidden />
        {t('common.components.freeLadder.daily')}
      </span>
    );
  return (
    <span
      className={tone}
      title={
        waitPassHours
          ? t('common.components.freeLadder.waitTitle', { time: hoursText(t, waitPassHours) })
          : t('common.components.freeLadder.waitTitleBare')
      }
      data-ladder="wait_pass"
    >
      <Hourglass className="size-3" aria-hidden />
      {waitPassHours
        ? t('common.components.freeLadder.wait', { time: hoursText(t, waitPassHours) })
        : t('common.components.freeLadder.waitBare')}
    </span>
  );
}

/**
 * A series' free ladder as badges (issue 33 §2): its wait-until-free pass and its daily free, so a
 * series a reader can read without coins does not look like a coins-only one. Nothing for that.
 */
export function FreeLadderBadges({
  ladder,
  size = 'row',
  className = '',
}: {
  ladder: FreeLadder | undefined;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  if (!ladder) return null;
  return (
    <span className={`inline-flex flex-wrap gap-1 ${className}`}>
      {ladder.waitPassHours !== null && <FreeWayBadge way="wait_pass" waitPassHours={ladder.waitPassHours} size={size} />}
      {ladder.dailyFree && <FreeWayBadge way="daily_free" size={size} />}
    </span>
  );
}
