import { LOCALES, PAGE_DATE_FORMAT } from '@inkwell/contract';
import { describe, expect, it } from 'vitest';
import { formatNumber, formatPageDate, PLAIN_FORMAT_LOCALES } from './plain-format';

// The page's dates and whole numbers are written without Intl (plain-format.ts): here they must be
// what Intl writes, for every language of ours, or a new CLDR has changed them and the tables must follow.

const NUMBERS = [
  0,
  1,
  7,
  12,
  99,
  100,
  999,
  1000,
  1001,
  1234,
  9999,
  10_000,
  12_500,
  99_999,
  100_000,
  123_456,
  999_999,
  1_000_000,
  1_234_567,
  12_345_678,
  987_654_321,
  1_000_000_000,
  Number.MAX_SAFE_INTEGER,
  -1,
  -999,
  -1000,
  -1234,
  -12_345,
  -1_234_567,
];

describe('a page’s dates and whole numbers without Intl', () => {
  it('are written for every language of ours', () => {
    expect([...PLAIN_FORMAT_LOCALES].sort()).toEqual([...LOCALES].sort());
  });

  for (const locale of LOCALES) {
    it(`write every month, day and year as Intl does in ${locale}`, () => {
      const intl = new Intl.DateTimeFormat(locale, PAGE_DATE_FORMAT);
      for (const year of [1000, 1999, 2026, 9999]) {
        for (let month = 0; month < 12; month += 1) {
          for (const day of [1, 9, 10, 28]) {
            // The last minute of the day in UTC: the day is UTC's, whatever the machine's zone.
            const date = new Date(Date.UTC(year, month, day, 23, 59));
            expect(formatPageDate(locale, date), date.toISOString()).toBe(intl.format(date));
          }
        }
      }
    });

    it(`write whole numbers as Intl does in ${locale}`, () => {
      const intl = new Intl.NumberFormat(locale);
      for (const value of NUMBERS) expect(formatNumber(locale, value), String(value)).toBe(intl.format(value));
    });
  }

  it('leave to Intl what they do not write: fractions, years outside 1000–9999, other languages', () => {
    expect(formatNumber('pt-BR', 1234.5)).toBe('1.234,5');
    expect(formatNumber('en', Number.MAX_SAFE_INTEGER + 2)).toBe(new Intl.NumberFormat('en').format(Number.MAX_SAFE_INTEGER + 2));
    expect(formatNumber('de', 12_345)).toBe('12.345');
    const early = new Date(Date.UTC(800, 0, 1));
    expect(formatPageDate('en', early)).toBe(new Intl.DateTimeFormat('en', PAGE_DATE_FORMAT).format(early));
    expect(formatPageDate('fr', new Date(Date.UTC(2026, 10, 25)))).toBe('25 nov. 2026');
    expect(formatPageDate('en', new Date('not a date'))).toBe('Invalid Date');
  });
});
