import { minorToDecimal, minorUnitDigits, type InterfaceLocale } from '@inkwell/contract';
import { useMemo } from 'react';
import { useTranslator, type Translate } from './i18n-context';
import { formatNumber, formatPageDate } from './plain-format';

// Dates, times, numbers and money in the page's language (issue 35 §1). Relative times and
// durations are messages of the catalogues (their plurals are the language's); a page's dates and
// whole numbers are written as Intl writes them without it (plain-format.ts); money and the
// dashboard's times are Intl's, one formatter per language and style, made once.

const DAY_MS = 86_400_000;
const UNITS = [
  ['year', 365 * DAY_MS],
  ['month', 30 * DAY_MS],
  ['week', 7 * DAY_MS],
  ['day', DAY_MS],
  ['hour', 3_600_000],
  ['minute', 60_000],
] as const;
type Unit = (typeof UNITS)[number][0];

const AGO: Record<Unit, string> = {
  year: 'common.time.ago.year',
  month: 'common.time.ago.month',
  week: 'common.time.ago.week',
  day: 'common.time.ago.day',
  hour: 'common.time.ago.hour',
  minute: 'common.time.ago.minute',
};
const AHEAD: Record<Unit, string> = {
  year: 'common.time.in.year',
  month: 'common.time.in.month',
  week: 'common.time.in.week',
  day: 'common.time.in.day',
  hour: 'common.time.in.hour',
  minute: 'common.time.in.minute',
};
const SHORT_AGO: Record<Unit, string> = {
  year: 'common.time.shortAgo.year',
  month: 'common.time.shortAgo.month',
  week: 'common.time.shortAgo.week',
  day: 'common.time.shortAgo.day',
  hour: 'common.time.shortAgo.hour',
  minute: 'common.time.shortAgo.minute',
};
const SHORT_AHEAD: Record<Unit, string> = {
  year: 'common.time.shortIn.year',
  month: 'common.time.shortIn.month',
  week: 'common.time.shortIn.week',
  day: 'common.time.shortIn.day',
  hour: 'common.time.shortIn.hour',
  minute: 'common.time.shortIn.minute',
};

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let format = formatters.get(key) as T | undefined;
  if (!format) {
    format = make();
    formatters.set(key, format);
  }
  return format;
}

/** An amount in its currency's minor unit, in a language: the exact decimal, with the currency's own digits. */
export function formatMinor(intl: string, amount: number, currency: string): string {
  const code = currency.toUpperCase();
  const digits = minorUnitDigits(currency);
  const format = cached(
    `money|${intl}|${code}`,
    () =>
      new Intl.NumberFormat(intl, {
        style: 'currency',
        currency: code,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
  );
  // A decimal string is formatted exactly as written (Intl.NumberFormat v3), never through a float.
  return format.format(minorToDecimal(amount, currency) as Intl.StringNumericLiteral);
}

/** Intl's name for a language of ours: the pseudo-locale writes dates and numbers as English does. */
const intlLocale = (locale: InterfaceLocale) => (locale === 'en-XA' ? 'en' : locale);

/** As `toLocaleString` does, a date that is not one reads "Invalid Date" (a formatter would throw). */
function formatWith(format: Intl.DateTimeFormat, iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : format.format(date);
}

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

/** The page's formatters, for a translator's language. */
export function formattersFor(t: Translate, locale: InterfaceLocale) {
  const intl = intlLocale(locale);
  const count = (value: number) => formatNumber(intl, Math.round(value));
  return {
    /** "12,500" / "12.500": a whole number with the language's grouping. */
    count,
    /**
     * "$4.99", "R$ 4,99", "¥500", "KWD 1.234": an amount in its currency's minor unit (issue 38 §3),
     * with that currency's digits, given to Intl as an exact decimal (no float rounding).
     */
    money: (cents: number, currency: string) => formatMinor(intl, cents, currency),
    /** "3 days ago", "in 2 hours", "yesterday", "just now". */
    timeFromNow(iso: string, now = Date.now()): string {
      const diff = Date.parse(iso) - now;
      for (const [unit, ms] of UNITS) {
        if (Math.abs(diff) < ms) continue;
        const amount = Math.abs(Math.round(diff / ms));
        return t(diff < 0 ? AGO[unit] : AHEAD[unit], { count: amount });
      }
      return t(diff >= 0 ? 'common.time.inAMoment' : 'common.time.justNow');
    },
    /** "3d ago", "5h ago": for a narrow card, where the long form would be cut. */
    shortTimeFromNow(iso: string, now = Date.now()): string {
      const diff = Date.parse(iso) - now;
      for (const [unit, ms] of UNITS) {
        if (Math.abs(diff) < ms) continue;
        const amount = Math.abs(Math.round(diff / ms));
        return t(diff < 0 ? SHORT_AGO[unit] : SHORT_AHEAD[unit], { count: amount });
      }
      return t(diff >= 0 ? 'common.time.soon' : 'common.time.now');
    },
    /** "Nov 25, 2026", "25 de nov. de 2026": the day in UTC (PAGE_DATE_FORMAT). */
    date: (iso: string) => formatPageDate(intl, new Date(iso)),
    /** "Nov 22, 2026, 10:31": to the minute, in the viewer's time zone (the dashboard's records). */
    dateTime: (iso: string) =>
      formatWith(
        cached(
          `dateTime|${intl}`,
          () =>
            new Intl.DateTimeFormat(intl, {
              year: 'numeric',
              month: 'short',
              day: 'numeric',
              hour: '2-digit',
              minute: '2-digit',
            }),
        ),
        iso,
      ),
    /** "Nov 22, 2026, 10:31 PM GMT+1": a moment told on its own, naming the reader's time zone. */
    dateTimeWithZone: (iso: string) =>
      formatWith(
        cached(
          `dateTimeZone|${intl}`,
          () =>
            new Intl.DateTimeFormat(intl, {
              year: 'numeric',
              month: 'short',
              day: 'numeric',
              hour: '2-digit',
              minute: '2-digit',
              timeZoneName: 'short',
            }),
        ),
        iso,
      ),
    /** "2d 04:13:09", ticking in the reader; "0s" once it has passed. */
    countdown(msLeft: number): string {
      if (msLeft <= 0) return t('common.time.left.seconds', { seconds: 0 });
      const { days, hours, minutes, seconds } = partsLeft(msLeft);
      const clock = [hours, minutes, seconds].map((n) => String(n).padStart(2, '0')).join(':');
      return days > 0 ? t('common.time.countdownDays', { days, clock }) : clock;
    },
    /** `countdown`'s time as a still list says it: "1d 23h", "4h 13m", "13m", "45s"; never rounded up. */
    timeLeft(msLeft: number): string {
      const { days, hours, minutes, seconds } = partsLeft(msLeft);
      if (days > 0) return t('common.time.left.daysHours', { days, hours });
      if (hours > 0) return t('common.time.left.hoursMinutes', { hours, minutes });
      if (minutes > 0) return t('common.time.left.minutes', { minutes });
      return t('common.time.left.seconds', { seconds });
    },
    /** "Chapter 12: The Lantern", or "Chapter 12" when it has no title. */
    chapterLabel: (chapter: { number: number; title: string }) =>
      chapter.title
        ? t('common.chapter.numberTitle', { number: chapter.number, title: chapter.title })
        : t('common.chapter.number', { number: chapter.number }),
  };
}

export type Formatters = ReturnType<typeof formattersFor>;

/** The page's formatters (`const format = useFormat(); format.timeFromNow(iso)`). */
export function useFormat(): Formatters {
  const { t, locale } = useTranslator();
  return useMemo(() => formattersFor(t, locale), [t, locale]);
}
