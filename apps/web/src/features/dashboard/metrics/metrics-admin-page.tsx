import {
  CURRENCIES,
  minorToDecimal,
  minorUnitDigits,
  type AdminMetrics,
  type Currency,
  type MoneyByCurrency,
} from '@inkwell/contract';
import { useFormat, type Formatters } from '../../../lib/i18n/format';
import { useT, type Translate } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LastMonthPayouts } from '../finances/payout-totals';
import { useAdminMetrics, type DayRange } from './api/metrics';
import { CHART_COLORS } from './charts';
import { csvName } from './csv';
import { countColumn, MetricsFrame, seriesLinkColumn } from './metrics-frame';
import { DailySection, RankSection, StatGrid } from './metrics-sections';
import { StatCard, type Column } from './metrics-ui';
import { useMetricsRange } from './range';
import '../messages';

type Day = AdminMetrics['days'][number];
type SeriesRow = AdminMetrics['revenueBySeries'][number];

/** An amount as a plain decimal in its currency's digits for CSV files ("-6.00", "500"). */
const decimal = (cents: number, currency: Currency) => minorToDecimal(cents, currency);
/** A chart's axis in the major unit of its first currency (a chart of several shares one axis). */
const majorOf = (currencies: readonly Currency[]) => {
  const unit = 10 ** minorUnitDigits(currencies[0] ?? 'usd');
  return (cents: number) => (cents / unit).toLocaleString('en', { maximumFractionDigits: 3 });
};
/** The days with 0 in each shown currency a day has no money in, so each currency's line has no gaps. */
const filledDays = (days: AdminMetrics['days'], currencies: readonly Currency[]) => {
  const fill = (money: MoneyByCurrency) => Object.fromEntries(currencies.map((currency) => [currency, money[currency] ?? 0]));
  return days.map((day) => ({
    ...day,
    paid: fill(day.paid),
    refunded: fill(day.refunded),
    net: fill(day.net),
    mrr: fill(day.mrr),
  }));
};
const moneyColumn = <T,>(
  t: Translate,
  format: Formatters,
  label: string,
  currency: Currency,
  pick: (row: T) => MoneyByCurrency,
): Column<T> => ({
  label: t('dashboard.metrics.admin.withCurrency', { label, currency: currency.toUpperCase() }),
  cell: (row) => format.money(pick(row)[currency] ?? 0, currency),
  csv: (row) => decimal(pick(row)[currency] ?? 0, currency),
  numeric: true,
});

/** The currencies that have any money in the answer (dollars when none has). */
function currenciesOf(data: AdminMetrics): Currency[] {
  const amounts: MoneyByCurrency[] = [
    data.totals.paid,
    data.totals.refunded,
    data.coinValue.paid,
    data.now.mrr,
    ...data.days.map((day) => day.mrr),
    ...data.revenueBySeries.map((row) => row.value),
  ];
  const used = CURRENCIES.filter((currency) => amounts.some((money) => (money[currency] ?? 0) !== 0));
  return used.length > 0 ? used : ['usd'];
}

/** "$12.00 · €3.00": an amount in each currency used. */
const moneyText = (format: Formatters, money: MoneyByCurrency, currencies: readonly Currency[]) =>
  currencies.map((currency) => format.money(money[currency] ?? 0, currency)).join(' · ');

/** The valuation rule in words, with the figures it used. */
function coinValueText(t: Translate, format: Formatters, value: AdminMetrics['coinValue']) {
  if (value.coinsSold === 0) return t('dashboard.metrics.admin.noCoinValue');
  const sold = CURRENCIES.flatMap((currency) => {
    const amount = value.paid[currency] ?? 0;
    return amount > 0 ? [{ currency, amount }] : [];
  });
  const perHundred = sold
    .map(({ currency, amount }) => format.money(Math.round((amount * 100) / value.coinsSold), currency))
    .join(' + ');
  const paid = sold.map(({ currency, amount }) => format.money(amount, currency)).join(' + ');
  return t('dashboard.metrics.admin.coinValue', { coins: format.count(value.coinsSold), paid, perHundred });
}

/** /Dashboard/MetricsAdmin (admins): money, coins, subscriptions and sign-ups over a chosen range. */
export default function MetricsAdminPage() {
  const t = useT();
  const format = useFormat();
  useDocumentTitle(t('dashboard.metrics.admin.title'));
  const picker = useMetricsRange();
  const { range } = picker;
  const metrics = useAdminMetrics(range);
  const currencies = metrics.data ? currenciesOf(metrics.data) : (['usd'] as Currency[]);

  return (
    <MetricsFrame
      title={t('dashboard.metrics.admin.title')}
      description={t('dashboard.metrics.admin.description')}
      picker={picker}
      query={metrics}
    >
      {(data) => (
        <>
          <StatGrid columns={3}>
            <StatCard
              label={t('dashboard.metrics.admin.netRevenue')}
              value={moneyText(format, data.totals.net, currencies)}
              hint={t('dashboard.metrics.admin.refunds', { amount: moneyText(format, data.totals.refunded, currencies) })}
            />
            <StatCard
              label={t('dashboard.metrics.admin.coinsSoldSpent')}
              value={t('dashboard.metrics.admin.soldSpent', {
                sold: format.count(data.totals.coinsSold),
                spent: format.count(data.totals.coinsSpent),
              })}
            />
            <StatCard label={t('dashboard.metrics.admin.signups')} value={format.count(data.totals.signups)} />
            <StatCard label={t('dashboard.metrics.admin.activeNow')} value={format.count(data.now.activeSubscriptions)} />
            <StatCard
              label={t('dashboard.metrics.admin.mrrNow')}
              value={moneyText(format, data.now.mrr, currencies)}
              hint={t('dashboard.metrics.admin.mrrHint')}
            />
          </StatGrid>
          <LastMonthPayouts />
          <RevenueSections data={data} range={range} currencies={currencies} />
          <CoinsAndPeopleSections data={data} range={range} currencies={currencies} />
        </>
      )}
    </MetricsFrame>
  );
}

interface SectionProps {
  data: AdminMetrics;
  range: DayRange;
  /** The currencies with any money in the answer: a chart line and table column each. */
  currencies: readonly Currency[];
}

/** Money per day, and coins spent per series valued in money. */
function RevenueSections({ data, range, currencies }: SectionProps) {
  const t = useT();
  const format = useFormat();
  return (
    <>
      <DailySection
        title={t('dashboard.metrics.admin.revenuePerDay')}
        description={t('dashboard.metrics.admin.revenuePerDayDescription')}
        days={filledDays(data.days, currencies)}
        charts={[
          {
            label: t('dashboard.metrics.admin.netRevenuePerDay'),
            kind: 'bar',
            format: majorOf(currencies),
            minTop: 1000,
            series: currencies.map((currency, i) => ({
              key: `net.${currency}`,
              label: t('dashboard.metrics.admin.withCurrency', {
                label: t('dashboard.metrics.admin.net'),
                currency: currency.toUpperCase(),
              }),
              color: CHART_COLORS[i % CHART_COLORS.length]!,
            })),
          },
        ]}
        table={{
          caption: t('dashboard.metrics.admin.revenuePerDay'),
          columns: currencies.flatMap((currency) => [
            moneyColumn<Day>(t, format, t('dashboard.metrics.admin.paid'), currency, (row) => row.paid),
            moneyColumn<Day>(t, format, t('dashboard.metrics.admin.refunded'), currency, (row) => row.refunded),
            moneyColumn<Day>(t, format, t('dashboard.metrics.admin.net'), currency, (row) => row.net),
          ]),
          filename: csvName('revenue', range),
        }}
      />
      <RankSection
        title={t('dashboard.metrics.admin.revenuePerSeries')}
        description={t('dashboard.metrics.admin.revenuePerSeriesDescription', {
          valuation: coinValueText(t, format, data.coinValue),
        })}
        chart={{
          label: t('dashboard.metrics.admin.coinsPerSeries'),
          valueLabel: t('dashboard.metrics.admin.coins'),
          color: CHART_COLORS[1],
          data: data.revenueBySeries.slice(0, 10).map((row) => ({ name: row.title, value: row.coins })),
        }}
        table={{
          caption: t('dashboard.metrics.admin.revenuePerSeries'),
          columns: [
            seriesLinkColumn<SeriesRow>(t),
            countColumn<SeriesRow>(format, t('dashboard.metrics.admin.unlocks'), (row) => row.unlocks),
            countColumn<SeriesRow>(format, t('dashboard.metrics.admin.coins'), (row) => row.coins),
            ...currencies.map((currency) =>
              moneyColumn<SeriesRow>(t, format, t('dashboard.metrics.admin.value'), currency, (row) => row.value),
            ),
          ],
          rows: data.revenueBySeries,
          rowKey: (row) => row.seriesId,
          filename: csvName('revenue-per-series', range),
          empty: t('dashboard.metrics.admin.noCoinsSpent'),
        }}
      />
    </>
  );
}

/** Coins sold and spent, subscriptions running, and sign-ups, per day. */
function CoinsAndPeopleSections({ data, range, currencies }: SectionProps) {
  const t = useT();
  const format = useFormat();
  return (
    <>
      <DailySection
        title={t('dashboard.metrics.admin.coinsPerDay')}
        description={t('dashboard.metrics.admin.coinsPerDayDescription')}
        days={filledDays(data.days, currencies)}
        charts={[
          {
            label: t('dashboard.metrics.admin.coinsPerDay'),
            kind: 'bar',
            series: [
              { key: 'coinsSold', label: t('dashboard.metrics.admin.sold'), color: CHART_COLORS[2] },
              { key: 'coinsSpent', label: t('dashboard.metrics.admin.spent'), color: CHART_COLORS[0] },
            ],
          },
        ]}
        table={{
          caption: t('dashboard.metrics.admin.coinsPerDay'),
          columns: [
            countColumn<Day>(format, t('dashboard.metrics.admin.coinsSold'), (row) => row.coinsSold),
            countColumn<Day>(format, t('dashboard.metrics.admin.coinsSpent'), (row) => row.coinsSpent),
          ],
          filename: csvName('coins', range),
        }}
      />
      <DailySection
        title={t('dashboard.metrics.admin.subscriptions')}
        description={t('dashboard.metrics.admin.subscriptionsDescription')}
        days={filledDays(data.days, currencies)}
        charts={[
          {
            label: t('dashboard.metrics.admin.activePerDay'),
            caption: t('dashboard.metrics.admin.active'),
            series: [{ key: 'activeSubscriptions', label: t('dashboard.metrics.admin.active'), color: CHART_COLORS[4] }],
          },
          {
            label: t('dashboard.metrics.admin.mrrPerDay'),
            caption: t('dashboard.metrics.admin.mrrFull'),
            format: majorOf(currencies),
            minTop: 1000,
            series: currencies.map((currency, i) => ({
              key: `mrr.${currency}`,
              label: t('dashboard.metrics.admin.withCurrency', {
                label: t('dashboard.metrics.admin.mrr'),
                currency: currency.toUpperCase(),
              }),
              color: CHART_COLORS[(i + 1) % CHART_COLORS.length]!,
            })),
          },
        ]}
        table={{
          caption: t('dashboard.metrics.admin.subscriptionsPerDay'),
          columns: [
            countColumn<Day>(format, t('dashboard.metrics.admin.active'), (row) => row.activeSubscriptions),
            ...currencies.map((currency) =>
              moneyColumn<Day>(t, format, t('dashboard.metrics.admin.mrr'), currency, (row) => row.mrr),
            ),
          ],
          filename: csvName('subscriptions', range),
        }}
      />
      <DailySection
        title={t('dashboard.metrics.admin.signupsPerDay')}
        description={t('dashboard.metrics.admin.signupsDescription')}
        days={filledDays(data.days, currencies)}
        charts={[
          {
            label: t('dashboard.metrics.admin.signupsPerDay'),
            kind: 'bar',
            series: [{ key: 'signups', label: t('dashboard.metrics.admin.signups'), color: CHART_COLORS[3] }],
          },
        ]}
        table={{
          caption: t('dashboard.metrics.admin.signupsPerDay'),
          columns: [countColumn<Day>(format, t('dashboard.metrics.admin.signups'), (row) => row.signups)],
          filename: csvName('signups', range),
        }}
      />
    </>
  );
}
