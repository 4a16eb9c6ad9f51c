import { addAmounts, addDays, type MetricsRange, type MoneyByCurrency } from '@inkwell/contract';
import type { Database } from '../../../../db/client';
import { daysFromTo, liveRuns, rangeOfDays } from '../closed-days';
import { firstRolledDay, type listRolledCoinPurchases } from '../metrics-days.repository';
import type { ClosedTops } from '../metrics-closed';
import { candidatesOf, EMPTY, rank, type createTopSums } from '../metrics-tops';
import type { Candidate } from '../metrics-tops.repository';
import type { Amount, MoneyColumn } from '../metrics.repository';
import type { TopList } from '../top-lists';

/** What the team's and the admin's numbers read with: the database, and the sums and names kept between requests. */
export interface MetricsReads {
  db: Database;
  kept: {
    seriesViews: ClosedTops;
    chapterViews: ClosedTops;
    chapterUnlocks: ClosedTops;
    seriesUnlocks: ClosedTops;
    rolledCoinPurchases: ReturnType<typeof createTopSums<Awaited<ReturnType<typeof listRolledCoinPurchases>>>>;
  };
  /** A top list named for what it ranks, kept a few seconds (see metrics.service.ts). */
  named: <T>(list: string, candidates: Candidate[], read: () => Promise<T[]>) => Promise<T[]>;
}

export const num = (value: Amount | undefined) => Number(value ?? 0);
/** Amounts per currency as read (null when nothing was summed), as numbers, currencies with none left out. */
export const money = (value: MoneyColumn | undefined): MoneyByCurrency => addAmounts(value ?? {}, {});

export const earlier = (a: string, b: string) => (a < b ? a : b);
const later = (a: string, b: string) => (a > b ? a : b);

/**
 * Where each day of the range is read: `stored` rows from the roll-up, and the `runs` of days
 * computed live. `isFrozen`: every closed day of the range was rolled up, so their sums do not
 * change any more and may be kept.
 */
export async function planDays<R extends { day: string }>(
  db: Database,
  range: MetricsRange,
  lastClosed: string,
  readRolled: (from: string, to: string) => Promise<R[]>,
  emptyDay: (day: string) => R,
) {
  const closedTo = earlier(range.to, lastClosed);
  const [rolled, first] =
    range.from <= closedTo ? await Promise.all([readRolled(range.from, closedTo), firstRolledDay(db)]) : [[], null];
  // Nothing was counted before the roll-up's first day: those days are empty.
  const stored = [...rolled];
  if (first !== null) for (const day of daysFromTo(range.from, closedTo)) if (day < first) stored.push(emptyDay(day));
  const answered = new Set(stored.map((row) => String(row.day)));
  const runs = liveRuns(range, lastClosed, (day) => answered.has(day));
  return { stored, runs, isFrozen: runs.every((run) => run.from > lastClosed) };
}

export const inDayOrder = <R extends { day: string }>(rows: R[]) =>
  rows.sort((a, b) => (String(a.day) < String(b.day) ? -1 : String(a.day) > String(b.day) ? 1 : 0));

/** The range's live days (after the last closed one), or null when none is live. */
export function liveDaysOf(range: MetricsRange, lastClosed: string) {
  const liveFrom = later(range.from, addDays(lastClosed, 1));
  return liveFrom > range.to ? null : rangeOfDays(liveFrom, range.to);
}

/**
 * A top list's candidates over the range: the closed days' sums ranked once for every instance
 * (when frozen: metrics-closed.ts) plus the live days' sums; before the roll-up has the closed
 * days, all ranked now.
 */
export async function topOf(
  db: Database,
  closedTops: ClosedTops,
  list: TopList,
  range: MetricsRange,
  lastClosed: string,
  isFrozen: boolean,
  liveDays: MetricsRange | null,
) {
  if (!isFrozen) return candidatesOf(rank(await list.ranked(db, range)), EMPTY, list.limit, list.compare);
  const closedTo = earlier(range.to, lastClosed);
  const closedDays = range.from <= closedTo ? rangeOfDays(range.from, closedTo) : null;
  // Ranking a range nobody asked for yet may take a while: it runs while the live days are read.
  const [live] = await Promise.all([
    liveDays ? list.sums(db, liveDays).then(rank) : EMPTY,
    closedDays ? closedTops.rankOnce(list, closedDays) : false,
  ]);
  const closed = closedDays ? await closedTops.read(list, closedDays, [...live.byKey.keys()]) : EMPTY;
  return candidatesOf(closed, live, list.limit, list.compare);
}
