import { PAGE_DATE_FORMAT } from '@inkwell/contract';

// A page's dates ("Nov 25, 2026") and whole numbers ("12,500", and a plural's "#") in each of our
// languages, written as Intl writes them, without Intl. A page's first Intl formatter loads ICU's
// data for its language: 50–120 ms of a phone's main thread (measured in Chromium on these
// machines, four times that in Lighthouse's simulation), paid inside the app's first drawing or in
// a task of its own as it starts. These two are on nearly every page; the rest (money, the
// dashboard's times, sizes) stay with Intl, where a page asks for them.
// plain-format.test.ts compares every month and a range of numbers with Intl's own output, so a
// new CLDR that writes them otherwise fails there, not on a reader's page.

interface Writing {
  /** The months as PAGE_DATE_FORMAT names them, January first. */
  months: readonly string[];
  /** The day, the month's name and the year in the language's order. */
  date: (day: number, month: string, year: number) => string;
  /** Thousands are grouped with this… */
  group: string;
  /** …once the number has at least this many digits above the hundreds (Spanish writes "1234" but "12.345"). */
  minimumGroupingDigits: 1 | 2;
}

const WRITING: Record<string, Writing> = {
  en: {
    months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    date: (day, month, year) => `${month} ${day}, ${year}`,
    group: ',',
    minimumGroupingDigits: 1,
  },
  'pt-BR': {
    months: ['jan.', 'fev.', 'mar.', 'abr.', 'mai.', 'jun.', 'jul.', 'ago.', 'set.', 'out.', 'nov.', 'dez.'],
    date: (day, month, year) => `${day} de ${month} de ${year}`,
    group: '.',
    minimumGroupingDigits: 1,
  },
  es: {
    months: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
    date: (day, month, year) => `${day} ${month} ${year}`,
    group: '.',
    minimumGroupingDigits: 2,
  },
};

/** The languages written here (Intl's names for them: the pseudo-locale is 'en' by then). */
export const PLAIN_FORMAT_LOCALES = Object.keys(WRITING);

const intlDates = new Map<string, Intl.DateTimeFormat>();
const intlNumbers = new Map<string, Intl.NumberFormat>();

/** "Nov 25, 2026", "25 de nov. de 2026", "25 nov 2026": a day in UTC, as PAGE_DATE_FORMAT writes it. */
export function formatPageDate(intlLocale: string, date: Date): string {
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  const writing = WRITING[intlLocale];
  const year = date.getUTCFullYear();
  // Years Intl writes with an era or fewer digits than four are left to it.
  if (writing && year >= 1000 && year <= 9999) {
    return writing.date(date.getUTCDate(), writing.months[date.getUTCMonth()]!, year);
  }
  let format = intlDates.get(intlLocale);
  if (!format) intlDates.set(intlLocale, (format = new Intl.DateTimeFormat(intlLocale, PAGE_DATE_FORMAT)));
  return format.format(date);
}

/** "12,500", "12.500", "1234": a number with the language's grouping; whole numbers without Intl. */
export function formatNumber(intlLocale: string, value: number): string {
  const writing = WRITING[intlLocale];
  if (writing && Number.isSafeInteger(value)) {
    const digits = String(Math.abs(value));
    const grouped =
      digits.length - 3 < writing.minimumGroupingDigits ? digits : digits.replace(/\B(?=(\d{3})+(?!\d))/g, writing.group);
    return value < 0 ? `-${grouped}` : grouped;
  }
  let format = intlNumbers.get(intlLocale);
  if (!format) intlNumbers.set(intlLocale, (format = new Intl.NumberFormat(intlLocale)));
  return format.format(value);
}
