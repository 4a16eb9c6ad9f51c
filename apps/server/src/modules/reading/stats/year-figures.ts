import type { YearFigures } from '@inkwell/contract';
import type { FinishedDayRow } from '../library';

// The reader's year from the days they finished chapters on (issue 39 §4): weeks, streaks, totals
// and favourites. Days are calendar dates in the reader's time zone, written YYYY-MM-DD.

const DAY_MS = 86_400_000;
/** How many series and genres the year names. */
export const TOP_COUNT = 5;

/** A date's day number (days since 1970-01-01), for counting runs and weeks on the calendar. */
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);
/** The Monday of a day's week. */
const mondayOf = (number: number) => number - ((new Date(number * DAY_MS).getUTCDay() + 6) % 7);

/** The zone's offset from UTC at a moment, in ms. */
function offsetMs(moment: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(moment);
  const part = (type: string) => Number(parts.find((each) => each.type === type)?.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return asUtc - Math.floor(moment.getTime() / 1000) * 1000;
}

/** The moment a year begins in a time zone (its 1 January, 00:00 there). */
export function startOfYear(year: number, timeZone: string): Date {
  const midnight = Date.UTC(year, 0, 1);
  const first = midnight - offsetMs(new Date(midnight), timeZone);
  return new Date(midnight - offsetMs(new Date(first), timeZone));
}

/** Today's date in a time zone. */
export function todayIn(now: Date, timeZone: string): string {
  return new Date(now.getTime() + offsetMs(now, timeZone)).toISOString().slice(0, 10);
}

/** Whether PostgreSQL and Intl both know a zone name; the account's zone is only used when they do. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(timeZone);
  } catch {
    return false;
  }
}

/** The longest run of consecutive days, and the one ending today or yesterday. */
export function streaksOf(days: string[], today: string): YearFigures['streaks'] {
  const numbers = [...new Set(days.map(dayNumber))].sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  let previous: number | undefined;
  const endOfRun = new Map<number, number>();
  for (const number of numbers) {
    run = previous === number - 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    endOfRun.set(number, run);
    previous = number;
  }
  const todayNumber = dayNumber(today);
  const current = endOfRun.get(todayNumber) ?? endOfRun.get(todayNumber - 1) ?? 0;
  return { longest, current };
}

/** Each week of the year, Monday first, with the chapters and pages finished in it (none: zeros). */
export function weeksOf(year: number, rows: FinishedDayRow[]): YearFigures['weeks'] {
  const first = mondayOf(dayNumber(`${year}-01-01`));
  const last = dayNumber(`${year}-12-31`);
  const weeks = new Map<number, { chapters: number; pages: number }>();
  for (let monday = first; monday <= last; monday += 7) weeks.set(monday, { chapters: 0, pages: 0 });
  for (const row of rows) {
    const week = weeks.get(mondayOf(dayNumber(row.day)));
    if (!week) continue;
    week.chapters += row.chapters;
    week.pages += row.pages;
  }
  return [...weeks].map(([monday, week]) => ({ start: dayOf(monday), ...week }));
}

/** The series read most (by chapters finished, then by title), with what each counted. */
export function topSeriesOf(rows: FinishedDayRow[]) {
  const bySeries = new Map<string, { id: string; slug: string; title: string; chapters: number }>();
  for (const row of rows) {
    const series = bySeries.get(row.seriesId) ?? { id: row.seriesId, slug: row.seriesSlug, title: row.seriesTitle, chapters: 0 };
    series.chapters += row.chapters;
    bySeries.set(row.seriesId, series);
  }
  return [...bySeries.values()].sort((a, b) => b.chapters - a.chapters || a.title.localeCompare(b.title));
}

/** The genres read most: each series' finished chapters count for each of its genres. */
export function topGenresOf(series: { id: string; chapters: number }[], genresOf: Map<string, string[]>) {
  const byGenre = new Map<string, number>();
  for (const each of series) {
    for (const name of genresOf.get(each.id) ?? []) byGenre.set(name, (byGenre.get(name) ?? 0) + each.chapters);
  }
  return [...byGenre]
    .map(([name, chapters]) => ({ name, chapters }))
    .sort((a, b) => b.chapters - a.chapters || a.name.localeCompare(b.name))
    .slice(0, TOP_COUNT);
}
