import { addDays } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { lastClosedDay, rangeOfDays } from './closed-days';
import { createClosedTops, pruneClosedRanges, rankPresets } from './metrics-closed';
import { firstActivityDay, insertRolledDays, listDaysToRollUp, type RolledDay } from './metrics-days.repository';
import { listAdminDays, listCoinPurchaseDays, listTeamDays, type Amount, type MoneyColumn } from './metrics.repository';

/** Days rolled up per step: a month of a big site's rows is read in about a second, then the connection is free again. */
const ROLL_UP_BATCH_DAYS = 31;
/** Steps per run: about two years. A longer history goes on at the next tick. */
const ROLL_UP_MAX_BATCHES = 24;

const num = (value: Amount | undefined) => Number(value ?? 0);
const amounts = (value: MoneyColumn | undefined) => value ?? {};

/**
 * The `metrics.roll-up` job: writes each closed day's figures to metrics_days once (see the table
 * for what a frozen day means), from the first day anything was counted, oldest missing days
 * first: the days before the first one it holds are known to be empty, and a long history is
 * filled a month per step, over as many runs as it takes. Each step computes a run of days with the very statements that
 * answer live (so a rolled-up day reads as it would have been computed) and writes them in one
 * `insert … on conflict do nothing`: two instances running it at once write each day once.
 */
export function createMetricsRollup({ db, clock }: { db: Database; clock: Clock }) {
  async function rollUpRun(from: string, to: string): Promise<number> {
    const range = rangeOfDays(from, to);
    const [team, admin, coinPurchases] = await Promise.all([
      listTeamDays(db, range),
      listAdminDays(db, range),
      listCoinPurchaseDays(db, range),
    ]);
    const adminByDay = new Map(admin.map((row) => [String(row.day), row]));
    const coinsByDay = new Map(coinPurchases.map((row) => [String(row.day), row]));
    const days: RolledDay[] = team.map((row) => {
      const day = String(row.day);
      const money = adminByDay.get(day);
      const coins = coinsByDay.get(day);
      return {
        day,
        views: num(row.views),
        followers: num(row.followers),
        comments: num(row.comments),
        unlocks: num(row.unlocks),
        unlockCoins: num(row.unlock_coins),
        paid: amounts(money?.paid),
        refunded: amounts(money?.refunded),
        coinsSold: num(money?.coins_sold),
        coinsSpent: num(money?.coins_spent),
        signups: num(money?.signups),
        active: num(money?.active),
        mrr: amounts(money?.mrr),
        coinPurchaseCoins: num(coins?.coins),
        coinPurchasePaid: amounts(coins?.paid),
      };
    });
    return insertRolledDays(db, days);
  }

  /** Rolls up the closed days not rolled up yet, from the first day anything was counted; answers how many this call wrote. */
  async function rollUp(): Promise<number> {
    const last = lastClosedDay(clock.now());
    const first = await firstActivityDay(db);
    if (first === null || first > last) return 0;
    let written = 0;
    for (let step = 0; step < ROLL_UP_MAX_BATCHES; step += 1) {
      const missing = await listDaysToRollUp(db, first, last, ROLL_UP_BATCH_DAYS);
      if (missing.length === 0) break;
      // The oldest run of consecutive missing days.
      const from = missing[0]!;
      let to = from;
      for (const day of missing.slice(1)) {
        if (day !== addDays(to, 1)) break;
        to = day;
      }
      written += await rollUpRun(from, to);
    }
    return written;
  }

  const closedTops = createClosedTops(db);
  return {
    rollUp,
    /** The presets' and a year's closed days ranked for every instance (metrics-closed.ts); answers how many lists this call ranked. */
    rankClosed: () => rankPresets(clock, closedTops),
    /** Drops the shared rankings ranked days ago (a daily job). */
    pruneClosed: () => pruneClosedRanges(db),
  };
}
