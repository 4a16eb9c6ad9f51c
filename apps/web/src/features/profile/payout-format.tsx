import type { PayoutStatement } from '@inkwell/contract';
import { useLocale, useT } from '../../lib/i18n/i18n-context';
import './messages';

type Status = PayoutStatement['status'];

const STATUS_IDS: Record<Status, string> = {
  carried: 'profile.payouts.status.carried',
  pending: 'profile.payouts.status.pending',
  sent: 'profile.payouts.status.sent',
  failed: 'profile.payouts.status.failed',
};
const STATUS_TONES: Record<Status, string> = {
  carried: 'bg-zinc-500/15 text-zinc-300 ring-zinc-500/30',
  pending: 'bg-amber-500/15 text-amber-300 ring-amber-500/30',
  sent: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/30',
  failed: 'bg-rose-500/15 text-rose-300 ring-rose-500/30',
};

/** A statement's status as a badge ("Sent"); printed as plain words. */
export function PayoutStatusBadge({ status }: { status: Status }) {
  const t = useT();
  return (
    <span
      data-testid="payout-status"
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset print:bg-transparent print:p-0 print:text-black print:ring-0 ${STATUS_TONES[status]}`}
    >
      {t(STATUS_IDS[status])}
    </span>
  );
}

/** "November 2026" for 2026-11 (a UTC month, named in the page's language). */
export function useMonthName() {
  const locale = useLocale();
  const intl = locale === 'en-XA' ? 'en' : locale;
  return (month: string) =>
    new Date(`${month}-01T00:00:00Z`).toLocaleDateString(intl, { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export const isMonth = (text: string | undefined | null): text is string =>
  typeof text === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(text);
