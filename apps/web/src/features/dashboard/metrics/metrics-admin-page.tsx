// i18n: not yet in the catalogues (issue 35)
import { CURRENCIES, type AdminMetrics, type MoneyByCurrency } from '@inkwell/contract';
import { formatCoins, formatMoney } from '../../../lib/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminMetrics, type DayRange } from './api/metrics';
import { CHART_COLORS } from './charts';
import { csvName } from './csv';
import { countColumn, formatCount, MetricsFrame, seriesLinkColumn } from './metrics-frame';
import { DailySection, RankSection, StatGrid } from './metrics-sections';
import { StatCard, type Column } from './metrics-ui';
import { useMetricsRange } from './range';

type Currency = (typeof CURRENCIES)[number];
type Day = AdminMetrics['days'][number];
type SeriesRow = AdminMetrics['revenueBySeries'][number];

/** Cents as a plain decimal for CSV files ("-6.00"). */
const decimal = (cents: number) => (cents / 100).toFixed(2);
const major = (cents: number) => (cents / 100).toLocaleString('en', { maximumFractionDigits: 2 });
const moneyColumn = <T,>(label: string, currency: Currency, pick: (row: T) => MoneyByCurrency): Column<T> => ({
  label: `${label} (${currency.toUpperCase()})`,
  cell: (row) => formatMoney(pick(row)[currency], currency),
  csv: (row) => decimal(pick(row)[currency]),
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
  const used = CURRENCIES.filter((currency) => amounts.some((money) => money[currency] !== 0));
  return used.length > 0 ? used : ['usd'];
}

/** "$12.00 · €3.00": an amount in each currency used. */
const moneyText = (money: MoneyByCurrency, currencies: readonly Currency[]) =>
  currencies.map((currency) => formatMoney(money[currency], currency)).join(' · ');

/** The valuation rule in words, with the figures it used. */
function coinValueText(value: AdminMetrics['coinValue']) {
  if (value.coinsSold === 0) return 'No coins had been sold by the end of this range, so coins spent have no value yet.';
  const perHundred = CURRENCIES.filter((currency) => value.paid[currency] > 0)
    .map((currency) => formatMoney(Math.round((value.paid[currency] * 100) / value.coinsSold), currency))
    .join(' + ');
  return `${formatCoins(value.coinsSold)} coins had been bought for ${CURRENCIES.filter((c) => value.paid[c] > 0)
    .map((c) => formatMoney(value.paid[c], c))
    .join(' + ')}: 100 coins are worth ${perHundred}.`;
}

/** /Dashboard/MetricsAdmin (admins): money, coins, subscriptions and sign-ups over a chosen range. */
export default function MetricsAdminPage() {
  useDocumentTitle('Admin metrics');
  const picker = useMetricsRange();
  const { range } = picker;
  const metrics = useAdminMetrics(range);
  const currencies = metrics.data ? currenciesOf(metrics.data) : (['usd'] as Currency[]);

  return (
    <MetricsFrame
      title="Admin metrics"
      description="Revenue, coins, subscriptions and sign-ups, day by day. Every table downloads as CSV."
      picker={picker}
      query={metrics}
    >
      {(data) => (
        <>
          <StatGrid columns={3}>
            <StatCard
              label="Net revenue"
              value={moneyText(data.totals.net, currencies)}
              hint={`Refunds: ${moneyText(data.totals.refunded, currencies)}`}
            />
            <StatCard
              label="Coins sold / spent"
              value={`${formatCoins(data.totals.coinsSold)} / ${formatCoins(data.totals.coinsSpent)}`}
            />
            <StatCard label="Sign-ups" value={formatCount(data.totals.signups)} />
            <StatCard label="Active subscriptions now" value={formatCount(data.now.activeSubscriptions)} />
            <StatCard
              label="Monthly recurring revenue now"
              value={moneyText(data.now.mrr, currencies)}
              hint="Yearly plans count a twelfth of their price"
            />
          </StatGrid>
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
  return (
    <>
      <DailySection
        title="Revenue per day"
        description="Purchases of coins and plans on the day they were paid; a refund is taken off on the day it was made. Each currency on its own."
        days={data.days}
        charts={[
          {
            label: 'Net revenue per day',
            kind: 'bar',
            format: major,
            minTop: 1000,
            series: currencies.map((currency, i) => ({
              key: `net.${currency}`,
              label: `Net (${currency.toUpperCase()})`,
              color: CHART_COLORS[i % CHART_COLORS.length]!,
            })),
          },
        ]}
        table={{
          caption: 'Revenue per day',
          columns: currencies.flatMap((currency) => [
            moneyColumn<Day>('Paid', currency, (row) => row.paid),
            moneyColumn<Day>('Refunded', currency, (row) => row.refunded),
            moneyColumn<Day>('Net', currency, (row) => row.net),
          ]),
          filename: csvName('revenue', range),
        }}
      />
      <RankSection
        title="Revenue per series"
        description={
          <>
            Coins spent on each series’ chapters in the range, valued at what coins were bought for: the average price per coin of
            every coin purchase paid up to the range’s end (refunded ones left out). {coinValueText(data.coinValue)}
          </>
        }
        chart={{
          label: 'Coins spent per series',
          valueLabel: 'Coins',
          color: CHART_COLORS[1],
          data: data.revenueBySeries.slice(0, 10).map((row) => ({ name: row.title, value: row.coins })),
        }}
        table={{
          caption: 'Revenue per series',
          columns: [
            seriesLinkColumn<SeriesRow>(),
            countColumn<SeriesRow>('Unlocks', (row) => row.unlocks),
            countColumn<SeriesRow>('Coins', (row) => row.coins),
            ...currencies.map((currency) => moneyColumn<SeriesRow>('Value', currency, (row) => row.value)),
          ],
          rows: data.revenueBySeries,
          rowKey: (row) => row.seriesId,
          filename: csvName('revenue-per-series', range),
          empty: 'No coins were spent in this range.',
        }}
      />
    </>
  );
}

/** Coins sold and spent, subscriptions running, and sign-ups, per day. */
function CoinsAndPeopleSections({ data, range, currencies }: SectionProps) {
  return (
    <>
      <DailySection
        title="Coins sold and spent per day"
        description="Sold: credited by coin purchases and by subscriptions’ coins. Spent: on unlocks."
        days={data.days}
        charts={[
          {
            label: 'Coins sold and spent per day',
            kind: 'bar',
            series: [
              { key: 'coinsSold', label: 'Sold', color: CHART_COLORS[2] },
              { key: 'coinsSpent', label: 'Spent', color: CHART_COLORS[0] },
            ],
          },
        ]}
        table={{
          caption: 'Coins sold and spent per day',
          columns: [
            countColumn<Day>('Coins sold', (row) => row.coinsSold),
            countColumn<Day>('Coins spent', (row) => row.coinsSpent),
          ],
          filename: csvName('coins', range),
        }}
      />
      <DailySection
        title="Subscriptions"
        description="Subscriptions running at each day’s end, and their monthly recurring revenue (a yearly plan counts a twelfth of its price)."
        days={data.days}
        charts={[
          {
            label: 'Active subscriptions per day',
            caption: 'Active subscriptions',
            series: [{ key: 'activeSubscriptions', label: 'Active subscriptions', color: CHART_COLORS[4] }],
          },
          {
            label: 'Monthly recurring revenue per day',
            caption: 'Monthly recurring revenue',
            format: major,
            minTop: 1000,
            series: currencies.map((currency, i) => ({
              key: `mrr.${currency}`,
              label: `MRR (${currency.toUpperCase()})`,
              color: CHART_COLORS[(i + 1) % CHART_COLORS.length]!,
            })),
          },
        ]}
        table={{
          caption: 'Subscriptions per day',
          columns: [
            countColumn<Day>('Active subscriptions', (row) => row.activeSubscriptions),
            ...currencies.map((currency) => moneyColumn<Day>('MRR', currency, (row) => row.mrr)),
          ],
          filename: csvName('subscriptions', range),
        }}
      />
      <DailySection
        title="Sign-ups per day"
        description="New accounts."
        days={data.days}
        charts={[
          { label: 'Sign-ups per day', kind: 'bar', series: [{ key: 'signups', label: 'Sign-ups', color: CHART_COLORS[3] }] },
        ]}
        table={{
          caption: 'Sign-ups per day',
          columns: [countColumn<Day>('Sign-ups', (row) => row.signups)],
          filename: csvName('signups', range),
        }}
      />
    </>
  );
}
