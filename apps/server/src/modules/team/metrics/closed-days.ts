import { addDays, daysInRange, utcDay, type MetricsRange } from '@inkwell/contract';

/**
 * A UTC day is closed, and may be rolled up, once it has been over this long: views are written
 * every 15 s, and a payment or unlock that began before midnight may commit just after it.
 */
const CLOSE_AFTER_MS = 10 * 60_000;

/** The last closed day at `now` (YYYY-MM-DD): the day before yesterday until 00:10 UTC, then yesterday. */
export function lastClosedDay(now: Date): string {
  return addDays(utcDay(new Date(now.getTime() - CLOSE_AFTER_MS)), -1);
}

export const rangeOfDays = (from: string, to: string): MetricsRange => ({ from, to, days: daysInRange(from, to) });

/**
 * The days from `from` to `to`, both included, in order. Counted rather than compared as strings:
 * past 9999-12-31 a day is written '+010000-01-01', which sorts before every four-digit day, so a
 * walk that stops at `day > to` would never stop (the contract keeps ranges far from there).
 */
export function daysFromTo(from: string, to: string): string[] {
  const count = daysInRange(from, to);
  const days: string[] = [];
  for (let index = 0; index < count; index += 1) days.push(addDays(from, index));
  return days;
}

/**
 * The runs of consecutive days of `range` that are answered live: every day after `lastClosed`,
 * and the closed days the roll-up does not answer (`isRolled`).
 */
export function liveRuns(range: MetricsRange, lastClosed: string, isRolled: (day: string) => boolean): MetricsRange[] {
  const runs: MetricsRange[] = [];
  let start: string | null = null;
  let previous = '';
  for (const day of daysFromTo(range.from, range.to)) {
    const isLive = day > lastClosed || !isRolled(day);
    if (isLive && start === null) start = day;
    if (!isLive && start !== null) {
      runs.push(rangeOfDays(start, previous));
      start = null;
    }
    previous = day;
  }
  if (start !== null) runs.push(rangeOfDays(start, range.to));
  return runs;
}
