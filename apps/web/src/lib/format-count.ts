/**
 * "12,500": a whole number with English grouping, as `toLocaleString('en')` writes it, without
 * Intl: the first Intl formatter a page makes loads the locale's data, tens of milliseconds on a
 * phone as the page starts (a series' views, a reader's coins).
 */
export function formatCount(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
