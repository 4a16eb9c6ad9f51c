import type { EndpointData } from '@inkwell/contract';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/i18n/format';
import { useLocale, useT } from '../../../lib/i18n/i18n-context';
import { MetricSection } from '../metrics/metrics-ui';
import { useAdminPayouts } from './api/admin-payouts';
import '../messages';

type Totals = EndpointData<'adminPayouts'>['totals'];

const TOTALS: { key: keyof Totals; label: string }[] = [
  { key: 'sent', label: 'dashboard.payouts.totals.sent' },
  { key: 'pending', label: 'dashboard.payouts.totals.pending' },
  { key: 'failed', label: 'dashboard.payouts.totals.failed' },
  { key: 'carried', label: 'dashboard.payouts.totals.carried' },
];

/** The month's sent, pending, failed and carried money, each in every currency it has. */
export function PayoutTotals({ totals }: { totals: Totals }) {
  const t = useT();
  const format = useFormat();
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="payout-totals">
      {TOTALS.map(({ key, label }) => {
        const amounts = Object.entries(totals[key]).filter(([, cents]) => cents !== 0);
        return (
          <div key={key} className="rounded-xl border border-ink-800 bg-ink-900 p-4" data-testid={`payout-total-${key}`}>
            <dt className="text-xs uppercase tracking-wider text-zinc-400">{t(label)}</dt>
            <dd className="mt-1 text-lg font-semibold tabular-nums text-zinc-100">
              {amounts.length === 0 ? '—' : amounts.map(([currency, cents]) => format.money(cents, currency)).join(' · ')}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * The admin's finances at a glance (issue 38 §2): what the last closed month paid out, what waits
 * and what failed, from the Payouts page's own answer, with the way there.
 */
export function LastMonthPayouts() {
  const t = useT();
  const locale = useLocale();
  const payouts = useAdminPayouts({});
  const month = payouts.data?.month;
  // Quiet until there is a closed month to speak of; the Payouts page says why when asked.
  if (!month) return null;
  const name = new Date(`${month}-01T00:00:00Z`).toLocaleDateString(locale === 'en-XA' ? 'en' : locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <MetricSection
      title={t('dashboard.payouts.overview.title', { month: name })}
      description={
        <Link to="/Dashboard/Finances/Payouts" className="font-semibold text-accent-400 hover:underline">
          {t('dashboard.payouts.overview.link')}
        </Link>
      }
    >
      <PayoutTotals totals={payouts.data!.totals} />
    </MetricSection>
  );
}
