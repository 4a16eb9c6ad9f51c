import { formatCount } from './format-count';
import { formatPageDate } from './i18n/plain-format';

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];
/** English's own words for one unit away (what Intl's `numeric: 'auto'` says). */
const ONE_AWAY: Partial<Record<Intl.RelativeTimeFormatUnit, [past: string, future: string]>> = {
  year: ['last year', 'next year'],
  month: ['last month', 'next month'],
  week: ['last week', 'next week'],
  day: ['yesterday', 'tomorrow'],
};

/**
 * "3 days ago", "in 2 hours". Written out by hand, as Intl's English writes it (numeric: 'auto'):
 * home's cards and a series' chapters show these as they first draw, and Intl's first formatter
 * costs a phone tens of milliseconds.
 */
export function timeFromNow(iso: string, now = Date.now()): string {
  const diff = Date.parse(iso) - now;
  for (const [unit, ms] of units) {
    if (Math.abs(diff) < ms) continue;
    const count = Math.round(diff / ms);
    const oneAway = ONE_AWAY[unit];
    if (oneAway && Math.abs(count) === 1) return oneAway[count < 0 ? 0 : 1];
    const amount = `${formatCount(Math.abs(count))} ${unit}${Math.abs(count) === 1 ? '' : 's'}`;
    return count < 0 ? `${amount} ago` : `in ${amount}`;
  }
  return diff >= 0 ? 'in a moment' : 'just now';
}

const SHORT_UNITS: Partial<Record<Intl.RelativeTimeFormatUnit, string>> = {
  year: 'y',
  month: 'mo',
  week: 'w',
  day: 'd',
  hour: 'h',
  minute: 'm',
};

/** "3d ago", "5h ago": `timeFromNow` for a narrow card, where the long form would be cut (issue 21 §1). */
export function shortTimeFromNow(iso: string, now = Date.now()): string {
  const diff = Date.parse(iso) - now;
  for (const [unit, ms] of units) {
    if (Math.abs(diff) < ms) continue;
    const amount = `${Math.abs(Math.round(diff / ms))}${SHORT_UNITS[unit]}`;
    return diff < 0 ? `${amount} ago` : `in ${amount}`;
  }
  return diff >= 0 ? 'soon' : 'now';
}

let zonedMinuteFormat: Intl.DateTimeFormat | undefined;

/** As `toLocaleString` does, a date that is not one reads "Invalid Date" (a formatter would throw). */
function formatWith(format: Intl.DateTimeFormat, iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : format.format(date);
}

/**
 * "Nov 25, 2026", the day in UTC: the server renders pages, and every reader must see the same date it drew.
 * Written out by hand, as Intl's English writes it (plain-format.ts): a reading page shows dates as
 * it first draws (a chapter's free date in the picker), and Intl's first formatter costs a phone tens of milliseconds.
 */
export function formatDate(iso: string): string {
  return formatPageDate('en', new Date(iso));
}

/** "Nov 22, 2026, 10:31 PM GMT+1": a moment told to a reader on its own, so it names their time zone. */
export const formatDateTimeWithZone = (iso: string) =>
  formatWith(
    (zonedMinuteFormat ??= new Intl.DateTimeFormat('en', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    })),
    iso,
  );

/** Whole days, hours, minutes and seconds left, each rounded down: a chapter is not free early. */
function partsLeft(msLeft: number) {
  const total = Math.max(0, Math.floor(msLeft / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/**
 * The one way to say how long until a chapter turns free (issue 33): "2d 04:13:09", ticking in the
 * reader, "0s" once it has passed. A list says the same time to the hour with `timeLeft`.
 */
export function countdown(msLeft: number): string {
  if (msLeft <= 0) return '0s';
  const { days, hours, minutes, seconds } = partsLeft(msLeft);
  const clock = [hours, minutes, seconds].map((n) => String(n).padStart(2, '0')).join(':');
  return days > 0 ? `${days}d ${clock}` : clock;
}

/**
 * `countdown`'s time as a still list says it: "1d 23h" where the reader shows "1d 23:59:12",
 * "4h 13m", "13m", "45s"; never rounded up ("2 days" for 1d 23h was the old list's way).
 */
export function timeLeft(msLeft: number): string {
  const { days, hours, minutes, seconds } = partsLeft(msLeft);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m`;
  return `${seconds}s`;
}

export const chapterLabel = (chapter: { number: number; title: string }) =>
  `Chapter ${chapter.number}${chapter.title ? `: ${chapter.title}` : ''}`;
