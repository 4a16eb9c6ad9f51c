import { formatNumber } from './i18n/plain-format';

/**
 * "12,500": a whole number with English grouping, as `toLocaleString('en')` writes it, without
 * Intl: the first Intl formatter a page makes loads the locale's data, tens of milliseconds on a
 * phone as the page starts (a series' views, a reader's coins). Written by plain-format.ts.
 */
export function formatCount(value: number): string {
  return formatNumber('en', Math.round(value));
}
