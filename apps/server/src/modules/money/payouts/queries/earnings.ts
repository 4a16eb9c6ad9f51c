import { CURRENCIES, type Currency, type Earnings, type MoneyByCurrency } from '@inkwell/contract';
import type { Database } from '../../../../db/client';
import type { Clock } from '../../../../lib/clock';
import { monthOf, monthRange } from '../payout-months';
import { findPayoutMonth, subscriptionEarningsOf } from '../payout-months.repository';
import { tierEarningsOf } from '../payout-statements.repository';
import { earningsOf } from '../payouts.repository';

type FeeOf = (gross: number) => number;

/** The coin part of a month: per series, by source, with the fee and the rest; largest first. */
function coinItems(rows: Awaited<ReturnType<typeof earningsOf>>, feeOf: FeeOf): Earnings['items'] {
  const bySeries = new Map<string, Earnings['items'][number]>();
  for (const row of rows) {
    const item = bySeries.get(row.seriesId) ?? {
      seriesId: row.seriesId,
      seriesTitle: row.seriesTitle,
      gross: 0,
      fee: 0,
      net: 0,
      bySource: { unlock: 0, bundle: 0, gift: 0 },
    };
    item.bySource[row.source] += row.coins;
    item.gross += row.coins;
    bySeries.set(row.seriesId, item);
  }
  return [...bySeries.values()]
    .map((item) => {
      const fee = feeOf(item.gross);
      return { ...item, fee, net: item.gross - fee };
    })
    .sort((a, b) => b.gross - a.gross || a.seriesTitle.localeCompare(b.seriesTitle));
}

/** The subscriptions' part of a closed month (or the tiers' of any month): per series and currency, in cents, with totals per currency. */
function subscriptionPart(
  shares: { seriesId: string; seriesTitle: string; currency: Currency; cents: number }[],
  feeOf: FeeOf,
): Earnings['subscriptions'] {
  const items = shares
    .map((share) => {
      const fee = feeOf(share.cents);
      return {
        seriesId: share.seriesId,
        seriesTitle: share.seriesTitle,
        currency: share.currency,
        gross: share.cents,
        fee,
        net: share.cents - fee,
      };
    })
    .sort(
      (a, b) =>
        CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency) ||
        b.gross - a.gross ||
        a.seriesTitle.localeCompare(b.seriesTitle),
    );
  const byCurrency = (pick: 'gross' | 'fee' | 'net') => {
    const sums: MoneyByCurrency = {};
    for (const item of items) sums[item.currency] = (sums[item.currency] ?? 0) + item[pick];
    return sums;
  };
  return { items, totals: { gross: byCurrency('gross'), fee: byCurrency('fee'), net: byCurrency('net') } };
}

/**
 * A payee's month (UTC): per series, their gross part in coins and, once the month has closed,
 * in each currency's cents from the subscriptions; the site's fee on each (rounded down: the
 * month's own fee once closed, else the one in force) and the rest.
 */
export async function payeeEarnings(
  { db, clock, feePercent: currentFee }: { db: Database; clock: Clock; feePercent: () => Promise<number> },
  payeeId: string,
  month = monthOf(clock.now()),
): Promise<Earnings> {
  const { from, to } = monthRange(month);
  const [rows, closed, shares, tiers] = await Promise.all([
    earningsOf(db, payeeId, from, to),
    findPayoutMonth(db, month),
    subscriptionEarningsOf(db, payeeId, month),
    tierEarningsOf(db, payeeId, from, to),
  ]);
  const feePercent = closed ? closed.feePercent : await currentFee();
  const feeOf = (gross: number) => Math.floor((gross * feePercent) / 100);
  const items = coinItems(rows, feeOf);
  const totals = items.reduce(
    (sum, item) => ({ gross: sum.gross + item.gross, fee: sum.fee + item.fee, net: sum.net + item.net }),
    { gross: 0, fee: 0, net: 0 },
  );
  return {
    month,
    feePercent,
    closed: closed !== undefined,
    items,
    totals,
    subscriptions: subscriptionPart(shares, feeOf),
    tiers: subscriptionPart(
      tiers.map((row) => ({ ...row, currency: row.currency as Currency })),
      feeOf,
    ),
  };
}
