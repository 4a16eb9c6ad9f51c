import { CURRENCIES, minorToDecimal, type Currency, type Earnings } from '@inkwell/contract';
import { toCsv } from '../../../lib/csv';

/**
 * A month's earnings as CSV: one row per series in coins, then one per series and currency from the
 * subscriptions (in the currency's units, with its own decimals: 4.99 USD, 500 JPY), then a total per unit; titles that could
 * read as formulas defused, commas and quotes escaped (lib/csv).
 */
export function earningsCsv(earnings: Earnings): string {
  const money = (cents: number | undefined, currency: Currency) => minorToDecimal(cents ?? 0, currency);
  const { month, items, totals, subscriptions } = earnings;
  const currencies = CURRENCIES.filter((currency) => subscriptions.items.some((item) => item.currency === currency));
  const rows: (string | number)[][] = [
    ['month', 'series', 'unit', 'unlocks', 'bundles', 'gifts', 'subscriptions', 'gross', `fee (${earnings.feePercent} %)`, 'net'],
    ...items.map((item) => [
      month,
      item.seriesTitle,
      'coins',
      item.bySource.unlock,
      item.bySource.bundle,
      item.bySource.gift,
      '',
      item.gross,
      item.fee,
      item.net,
    ]),
    ...subscriptions.items.map((item) => [
      month,
      item.seriesTitle,
      item.currency.toUpperCase(),
      '',
      '',
      '',
      money(item.gross, item.currency),
      money(item.gross, item.currency),
      money(item.fee, item.currency),
      money(item.net, item.currency),
    ]),
    [month, 'Total', 'coins', '', '', '', '', totals.gross, totals.fee, totals.net],
    ...currencies.map((currency) => [
      month,
      'Total',
      currency.toUpperCase(),
      '',
      '',
      '',
      money(subscriptions.totals.gross[currency], currency),
      money(subscriptions.totals.gross[currency], currency),
      money(subscriptions.totals.fee[currency], currency),
      money(subscriptions.totals.net[currency], currency),
    ]),
  ];
  return toCsv(rows);
}
