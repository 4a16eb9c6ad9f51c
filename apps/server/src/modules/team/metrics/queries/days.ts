import { addAmounts, addDays, type MetricsRange, type MoneyByCurrency } from '@inkwell/contract';
import type { Database } from '../../../../db/client';
import { daysFromTo, liveRuns, rangeOfDays } from '../closed-days';
import { firstRolledDay, type listRolledCoinPurchases } from '../metrics-days.repository';
import { candidatesOf, EMPTY, rank, type createTopSums, type Ranked } from '../metrics-tops';
import type { Candidate } from '../metrics-tops.repository';
import type { Amount, MoneyColumn } from '../metrics.repository';
import type { TopList } from '../top-lists';

/** What the team's and the admin's numbers read with: the database, and the sums and names kept between requests. */
export interface MetricsReads {
  db: Database;
  kept: {
    seriesViews: ReturnType<typeof createTopSums<Ranked>>;
    chapterViews: ReturnType<typeof createTopSums<Ranked>>;
    chapterUnlocks: ReturnType<typeof createTopSums<Ranked>>;
    seriesUnlocks: ReturnType<typeof createTopSums<Ranked>>;
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
 * A top list's candidates over the range: the closed days' sums ranked once per range and day
 * (when frozen) plus the live days' sums; before the roll-up has the closed days, all ranked now.
 */
export async function topOf(
  db: Database,
  kept: ReturnType<typeof createTopSums<Ranked>>,
  list: TopList,
  range: MetricsRange,
  lastClosed: string,
  isFrozen: boolean,
  liveDays: MetricsRange | null,
) {
  const ranked = async (days: MetricsRange) => rank(await list.ranked(db, days));
  if (!isFrozen) return candidatesOf(await ranked(range), EMPTY, list.limit, list.compare);
  const closedTo = earlier(range.to, lastClosed);
  const readLive = async () => (liveDays ? rank(await list.sums(db, liveDays)) : EMPTY);
  const [closed, live] = await Promise.all([
    range.from <= closedTo ? kept.get(`${range.from}|${closedTo}`, () => ranked(rangeOfDays(range.from, closedTo))) : EMPTY,
    readLive(),
  ]);
  return candidatesOf(closed, live, list.limit, list.compare);
}
