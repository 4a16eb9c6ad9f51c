import { CURRENCIES, type PayoutSettings } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import type { Jobs } from '../../platform/jobs';
import { payeesOf, splitByShares, splitByWeights } from './allocations';
import {
  claimPayoutMonth,
  closedMonthsBetween,
  finishedPremiumBySeries,
  firstEarningMonth,
  insertSubscriptionAllocations,
  planRevenueOfMonth,
} from './payout-months.repository';
import { monthOf, monthRange } from './months';
import { resendStalePending, writeStatements } from './statements';

/** A month closes this long after it ends: a renewal paid at 23:59 may be told by its webhook a little later. */
const MONTH_CLOSES_AFTER_MS = 60 * 60_000;

// The month's arithmetic lives in months.ts (the statements use it too); its readers import it from here.
export { monthOf, monthRange } from './months';

/**
 * The months from `first` to `last`, both included, in order. Counted rather than compared as
 * strings: after 9999-12 a month is written '+010000-01', which sorts before every four-digit
 * month, so a walk that stops at `month > last` would never stop.
 */
export function monthsFromTo(first: string, last: string): string[] {
  const [firstYear, firstIndex] = first.split('-').map(Number) as [number, number];
  const [lastYear, lastIndex] = last.split('-').map(Number) as [number, number];
  const count = (lastYear - firstYear) * 12 + (lastIndex - firstIndex) + 1;
  const months: string[] = [];
  for (let step = 0; step < count; step += 1) months.push(monthOf(new Date(Date.UTC(firstYear, firstIndex - 1 + step, 1))));
  return months;
}

/** The last month that may be closed at `now`: the one before the current, an hour after it ended. */
export const lastClosableMonth = (now: Date) =>
  monthOf(new Date(monthRange(monthOf(new Date(now.getTime() - MONTH_CLOSES_AFTER_MS))).from.getTime() - 1));

/**
 * The `payouts.close-month` job (issue 22 §2): closes each ended month once, from the first month
 * anything was earned. Closing a month, in one transaction: claims its row (with the fee in force
 * as it closes, so the month's statement never changes after), reads its plan revenue per currency, shares it
 * among series by the premium chapters subscribers finished there, and each series' part among its
 * payees by their shares, in whole cents that add up exactly. A series without payees keeps its
 * part for the site. Two instances closing at once write each month once: the second waits on the
 * first's claim and finds it taken.
 */
export function createPayoutMonths({
  db,
  clock,
  feePercent,
  jobs,
  payoutSettings,
}: {
  db: Database;
  clock: Clock;
  feePercent: () => Promise<number>;
  jobs: Pick<Jobs, 'send'>;
  /** Issue 38 §2: the payout currency, coin value, minimum and rates the statements are written with. */
  payoutSettings: () => Promise<PayoutSettings>;
}) {
  async function close(month: string): Promise<boolean> {
    const { from, to } = monthRange(month);
    // Read before the transaction: the setting is read on the app's handle (another connection,
    // or on PGlite the same one), never from inside the closing transaction.
    const fee = await feePercent();
    return db.transaction(async (tx) => {
      const [revenue, finished] = await Promise.all([planRevenueOfMonth(tx, from, to), finishedPremiumBySeries(tx, from, to)]);
      const totalFinished = finished.reduce((sum, row) => sum + row.finished, 0);
      const claimed = await claimPayoutMonth(tx, {
        month,
        feePercent: fee,
        subscriptionRevenue: revenue,
        finishedChapters: totalFinished,
      });
      if (!claimed) return false;
      const rows = [];
      const payees = new Map<string, Awaited<ReturnType<typeof payeesOf>>>();
      for (const currency of CURRENCIES) {
        for (const { item: series, amount } of splitByWeights(revenue[currency] ?? 0, finished, (row) => row.finished)) {
          if (amount === 0) continue;
          if (!payees.has(series.series_id)) payees.set(series.series_id, await payeesOf(tx, series.series_id));
          for (const part of splitByShares(amount, payees.get(series.series_id)!)) {
            if (part.coins === 0) continue;
            rows.push({
              month,
              currency,
              seriesId: series.series_id,
              seriesTitle: series.title,
              payeeId: part.payee.userId,
              amountCents: part.coins,
            });
          }
        }
      }
      await insertSubscriptionAllocations(tx, rows);
      return true;
    });
  }

  return {
    /**
     * Closes the ended months not closed yet, oldest first, then writes the payees' statements the
     * closed months still lack (issue 38 §2: each queues its transfer) and queues again transfers
     * left pending; answers how many months this call closed.
     */
    async closeMonths(): Promise<number> {
      const last = lastClosableMonth(clock.now());
      const first = await firstEarningMonth(db);
      if (first === null || first > last) return 0;
      const closed = await closedMonthsBetween(db, first, last);
      let count = 0;
      for (const month of monthsFromTo(first, last)) {
        if (!closed.has(month) && (await close(month))) count += 1;
      }
      await writeStatements({ db, jobs, payoutSettings, now: clock.now() });
      await resendStalePending({ db, jobs, now: clock.now() });
      return count;
    },
  };
}
