import { describe, expect, it } from 'vitest';
import { countdown, formatDate, formatDateTimeWithZone, shortTimeFromNow, timeFromNow, timeLeft } from './time';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const at = (msFromNow: number) => new Date(NOW + msFromNow).toISOString();

describe('timeFromNow, the one relative time of the app', () => {
  it.each([
    [-20_000, 'just now'],
    [-5 * 60_000, '5 minutes ago'],
    [-3 * 3_600_000, '3 hours ago'],
    [-86_400_000, 'yesterday'],
    [-2 * 86_400_000, '2 days ago'],
    [-14 * 86_400_000, '2 weeks ago'],
    [-400 * 86_400_000, 'last year'],
    [20_000, 'in a moment'],
    [2 * 3_600_000, 'in 2 hours'],
  ])('%i ms from now reads “%s”', (ms, text) => {
    expect(timeFromNow(at(ms), NOW)).toBe(text);
  });
});

describe('timeFromNow against Intl’s English', () => {
  it('says what Intl.RelativeTimeFormat (numeric: auto) says, every unit, both ways', () => {
    const intl = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    const units = [
      ['year', 365 * 86_400_000],
      ['month', 30 * 86_400_000],
      ['week', 7 * 86_400_000],
      ['day', 86_400_000],
      ['hour', 3_600_000],
      ['minute', 60_000],
    ] as const;
    for (const [index, [unit, ms]] of units.entries()) {
      const next = index === 0 ? Infinity : units[index - 1]![1];
      for (const count of [1, 2, 3, 4, 5, 11, 12, 23, 59, 1500]) {
        if (count * ms >= next) continue;
        for (const sign of [-1, 1]) expect(timeFromNow(at(sign * count * ms), NOW)).toBe(intl.format(sign * count, unit));
      }
    }
  });
});

describe('formatDate, a day as every page shows it', () => {
  it('writes the day in UTC as Intl’s English does, every month', () => {
    const intl = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    for (let month = 0; month < 12; month += 1) {
      for (const day of [1, 9, 28]) {
        const date = new Date(Date.UTC(2026, month, day, 23, 30));
        expect(formatDate(date.toISOString())).toBe(intl.format(date));
      }
    }
    expect(formatDate('2026-11-25T23:59:00-05:00')).toBe('Nov 26, 2026');
  });

  it('reads "Invalid Date" for what is not a date', () => {
    expect(formatDate('soon')).toBe('Invalid Date');
  });
});

describe('shortTimeFromNow', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it('says the same as timeFromNow in a few letters, for narrow cards', () => {
    expect(shortTimeFromNow('2026-11-26T11:59:40Z', now)).toBe('now');
    expect(shortTimeFromNow('2026-11-26T11:55:00Z', now)).toBe('5m ago');
    expect(shortTimeFromNow('2026-11-26T09:00:00Z', now)).toBe('3h ago');
    expect(shortTimeFromNow('2026-11-22T12:00:00Z', now)).toBe('4d ago');
    expect(shortTimeFromNow('2026-09-13T12:00:00Z', now)).toBe('2mo ago');
    expect(shortTimeFromNow('2026-11-28T12:00:00Z', now)).toBe('in 2d');
  });
});

describe('how long until a chapter turns free: one way, in the list and the reader (issue 33)', () => {
  it.each([
    [(47 * 3600 + 59 * 60 + 12) * 1000, '1d 23h', '1d 23:59:12'],
    [2 * 86_400_000 + 30 * 60_000, '2d 0h', '2d 00:30:00'],
    [(4 * 3600 + 13 * 60 + 9) * 1000, '4h 13m', '04:13:09'],
    [(13 * 60 + 9) * 1000, '13m', '00:13:09'],
    [45_000, '45s', '00:00:45'],
  ])('%i ms left: the list says %s, the reader counts %s', (msLeft, still, ticking) => {
    expect(timeLeft(msLeft)).toBe(still);
    expect(countdown(msLeft)).toBe(ticking);
  });

  it('never rounds up: a day and 23 hours is not "2 days"', () => {
    expect(timeLeft(2 * 86_400_000 - 1)).toBe('1d 23h');
  });
});

describe('formatDateTimeWithZone', () => {
  it('names the time zone the moment is told in', () => {
    const told = formatDateTimeWithZone('2026-06-01T12:00:00Z');
    // "Jun 1, 2026, 12:00 PM UTC", "… GMT+1", "… EST": the zone's short name closes it.
    expect(told).toMatch(/^Jun \d{1,2}, 2026, \d{2}:\d{2}\s?(AM|PM)?\s[A-Z]{2,5}([+-]\d{1,2}(:\d{2})?)?$/);
  });
});
