import { CURRENCIES, type Earnings } from '@inkwell/contract';
import { toCsv } from '../../../lib/csv';

/**
 * A month's earnings as CSV: one row per series in coins, then one per series and currency from the
 * subscriptions (in the currency's units, two decimals), then a total per unit; titles that could
 * read as formulas defused, commas and quotes escaped (lib/csv).
 */
export function earningsCsv(earnings: Earnings): string {
  const money = (cents: number) => (cents / 100).toFixed(2);
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
      money(item.gross),
      money(item.gross),
      money(item.fee),
      money(item.net),
    ]),
    [month, 'Total', 'coins', '', '', '', '', totals.gross, totals.fee, totals.net],
    ...currencies.map((currency) => [
      month,
      'Total',
      currency.toUpperCase(),
      '',
      '',
      '',
      money(subscriptions.totals.gross[currency]),
      money(subscriptions.totals.gross[currency]),
      money(subscriptions.totals.fee[currency]),
      money(subscriptions.totals.net[currency]),
    ]),
  ];
  return toCsv(rows);
}
