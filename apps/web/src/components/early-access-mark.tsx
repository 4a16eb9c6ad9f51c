import { CalendarClock } from 'lucide-react';
import { useFormat } from '../lib/i18n/format';
import { useT } from '../lib/i18n/i18n-context';
import '../lib/i18n/tiers-messages';

/**
 * A scheduled chapter a member reads before everyone (issue 38 §1): "Early access · public in 3
 * days", in the reader's language, counted from now.
 */
export function EarlyAccessMark({ publicAt }: { publicAt: string }) {
  const t = useT();
  const format = useFormat();
  return (
    <span
      className="inline-flex h-6 items-center gap-1 whitespace-nowrap rounded-full bg-accent-500/15 px-2 text-xs font-semibold text-accent-300"
      title={t('common.tiers.publicOn', { date: format.date(publicAt) })}
      data-testid="member-early-access"
    >
      <CalendarClock className="size-3.5" aria-hidden />
      <span suppressHydrationWarning>{t('common.tiers.earlyAccess', { when: format.timeFromNow(publicAt) })}</span>
    </span>
  );
}
