import { CURRENCIES, type Earnings } from '@inkwell/contract';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { secondaryButton } from '../../../components/button-styles';
import { LoadError } from '../../../components/load-error';
import { callApiData, endpointUrl } from '../../../lib/api-client';
import { useFormat } from '../../../lib/i18n/format';
import { useLocale, useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../messages';

const thisMonth = () => new Date().toISOString().slice(0, 7);
/** "November 2026" for 2026-11 (a UTC month, named in the page's language). */
function useMonthName() {
  const locale = useLocale();
  const intl = locale === 'en-XA' ? 'en' : locale;
  return (month: string) =>
    new Date(`${month}-01T00:00:00Z`).toLocaleDateString(intl, { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
const headerCell = 'px-4 py-2 text-right';

/** The columns both tables end with: gross, the site's fee and net. */
function AmountHeaders({ feePercent }: { feePercent: number }) {
  const t = useT();
  return (
    <>
      <th scope="col" className={headerCell}>
        {t('profile.earnings.gross')}
      </th>
      <th scope="col" className={headerCell}>
        {t('profile.earnings.fee', { percent: feePercent })}
      </th>
      <th scope="col" className={headerCell}>
        {t('profile.earnings.net')}
      </th>
    </>
  );
}

/** A row's gross, fee and net, each written by `format` (coins, or cents in a currency); bolder in a total. */
function AmountCells({
  amounts,
  format,
  isTotal = false,
}: {
  amounts: { gross: number; fee: number; net: number };
  format: (amount: number) => string;
  isTotal?: boolean;
}) {
  return (
    <>
      <td className={`px-4 py-2 text-right ${isTotal ? 'text-zinc-100' : ''}`}>{format(amounts.gross)}</td>
      <td className="px-4 py-2 text-right text-zinc-400">−{format(amounts.fee)}</td>
      <td className={`px-4 py-2 text-right text-white ${isTotal ? 'font-bold' : 'font-semibold'}`}>{format(amounts.net)}</td>
    </>
  );
}
const isMonth = (text: string | null): text is string => text !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(text);

/**
 * /profile/earnings (issue 22 §2): what the series a reader shares in earned them in a month: in
 * coins per series (gross, the site's fee and net), their share of the month's Premium
 * subscriptions once it has closed, and the same as CSV. The month is in the URL.
 */
export default function EarningsPage() {
  const t = useT();
  const monthName = useMonthName();
  useDocumentTitle(t('profile.earnings.title'));
  const [params, setParams] = useSearchParams();
  const month = isMonth(params.get('month')) ? params.get('month')! : thisMonth();
  const monthId = useId();
  const earnings = useQuery({
    queryKey: ['wallet', 'earnings', month],
    queryFn: ({ signal }) => callApiData('myEarnings', { query: { month }, signal }),
  });
  const data = earnings.data;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold text-white">{t('profile.earnings.title')}</h2>
          <p className="mt-1 text-sm text-zinc-400">{t('profile.earnings.intro')}</p>
          <Link to="/account/payouts" className="mt-1 inline-block text-sm font-semibold text-accent-400 hover:underline">
            {t('profile.payouts.fromEarnings')}
          </Link>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={monthId} className="mb-1 block text-xs font-medium text-zinc-300">
              {t('profile.earnings.month')}
            </label>
            <input
              id={monthId}
              type="month"
              value={month}
              max={thisMonth()}
              onChange={(event) => isMonth(event.target.value) && setParams({ month: event.target.value })}
              className="rounded-lg border border-ink-700 bg-ink-900 px-3 py-1.5 text-sm text-zinc-100"
            />
          </div>
          <a href={endpointUrl('myEarningsCsv', { query: { month } })} download className={secondaryButton}>
            <Download className="size-4" aria-hidden />
            {t('profile.earnings.csv')}
          </a>
        </div>
      </div>

      {earnings.isError ? (
        <LoadError message={t('profile.earnings.loadFailed')} onRetry={() => void earnings.refetch()} />
      ) : !data ? (
        <div className="h-32 animate-pulse rounded-xl bg-ink-900" aria-label={t('profile.earnings.loading')} />
      ) : (
        <>
          {data.items.length === 0 && data.subscriptions.items.length === 0 ? (
            <p className="rounded-xl border border-ink-800 bg-ink-900 p-6 text-sm text-zinc-400">
              {t('profile.earnings.nothing', { month: monthName(month) })}
            </p>
          ) : (
            data.items.length > 0 && <CoinsTable data={data} month={month} />
          )}
          <SubscriptionsPart data={data} month={month} />
        </>
      )}
    </div>
  );
}

function CoinsTable({ data, month }: { data: Earnings; month: string }) {
  const t = useT();
  const format = useFormat();
  const monthName = useMonthName();
  return (
    <div className="overflow-x-auto rounded-xl border border-ink-800">
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">{t('profile.earnings.coinsCaption', { month: monthName(month) })}</caption>
        <thead className="bg-ink-900 text-left text-xs uppercase tracking-wider text-zinc-400">
          <tr>
            <th scope="col" className="px-4 py-2">
              {t('profile.earnings.series')}
            </th>
            <th scope="col" className={headerCell}>
              {t('profile.earnings.unlocks')}
            </th>
            <th scope="col" className={headerCell}>
              {t('profile.earnings.bundles')}
            </th>
            <th scope="col" className={headerCell}>
              {t('profile.earnings.gifts')}
            </th>
            <AmountHeaders feePercent={data.feePercent} />
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-800 tabular-nums text-zinc-200">
          {data.items.map((item) => (
            <tr key={item.seriesId} data-testid="earnings-row">
              <th scope="row" className="px-4 py-2 text-left font-medium text-zinc-100">
                {item.seriesTitle}
              </th>
              <td className="px-4 py-2 text-right">{format.count(item.bySource.unlock)}</td>
              <td className="px-4 py-2 text-right">{format.count(item.bySource.bundle)}</td>
              <td className="px-4 py-2 text-right">{format.count(item.bySource.gift)}</td>
              <AmountCells amounts={item} format={format.count} />
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-ink-700 bg-ink-900 tabular-nums">
          <tr data-testid="earnings-total">
            <th scope="row" colSpan={4} className="px-4 py-2 text-left text-zinc-300">
              {t('profile.earnings.total')}
            </th>
            <AmountCells amounts={data.totals} format={format.count} isTotal />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The month's share of Premium subscriptions, per series and currency; before the month closes, when it will be shared. */
function SubscriptionsPart({ data, month }: { data: Earnings; month: string }) {
  const { items, totals } = data.subscriptions;
  const currencies = CURRENCIES.filter((currency) => items.some((item) => item.currency === currency));
  const headingId = useId();
  const t = useT();
  const format = useFormat();
  const monthName = useMonthName();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-sm font-semibold text-zinc-200">
        {t('profile.earnings.premium')}
      </h3>
      {!data.closed && month < thisMonth() ? (
        // Ended but not closed: within an hour or so of its end, or before anything was earned.
        <p className="text-sm text-zinc-400">{t('profile.earnings.notShared', { month: monthName(month) })}</p>
      ) : !data.closed ? (
        <p className="text-sm text-zinc-400" data-testid="subscriptions-pending">
          {t('profile.earnings.pending', { month: monthName(month) })}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-zinc-400">{t('profile.earnings.noPremium', { month: monthName(month) })}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-ink-800">
          <table className="w-full min-w-[20rem] text-sm">
            <caption className="sr-only">{t('profile.earnings.premiumCaption', { month: monthName(month) })}</caption>
            <thead className="bg-ink-900 text-left text-xs uppercase tracking-wider text-zinc-400">
              <tr>
                <th scope="col" className="px-4 py-2">
                  {t('profile.earnings.series')}
                </th>
                <AmountHeaders feePercent={data.feePercent} />
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-800 tabular-nums text-zinc-200">
              {items.map((item) => (
                <tr key={`${item.seriesId}-${item.currency}`} data-testid="subscription-row">
                  <th scope="row" className="px-4 py-2 text-left font-medium text-zinc-100">
                    {item.seriesTitle}
                  </th>
                  <AmountCells amounts={item} format={(cents) => format.money(cents, item.currency)} />
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t border-ink-700 bg-ink-900 tabular-nums">
              {currencies.map((currency) => (
                <tr key={currency} data-testid="subscription-total">
                  <th scope="row" className="px-4 py-2 text-left text-zinc-300">
                    {t('profile.earnings.totalIn', { currency: currency.toUpperCase() })}
                  </th>
                  <AmountCells
                    amounts={{
                      gross: totals.gross[currency] ?? 0,
                      fee: totals.fee[currency] ?? 0,
                      net: totals.net[currency] ?? 0,
                    }}
                    format={(cents) => format.money(cents, currency)}
                    isTotal
                  />
                </tr>
              ))}
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
