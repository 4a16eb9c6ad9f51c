import { useSyncExternalStore } from 'react';
import { currencyOfLocale, type Currency } from '@inkwell/contract';

const inBrowser = () => typeof document !== 'undefined' && typeof navigator !== 'undefined';

/**
 * The currency the store asks prices in for this reader (issue 38 §3): the one of the page's
 * language when it names a region (pt-BR → brl), else of the browser's languages (es-MX → mxn,
 * ja → jpy). Undefined when none says one, or on the server's render: the site's default then
 * (the server falls back to it, and to it as well when nothing is priced in the reader's).
 */
export function readerCurrency(
  page: string | undefined = inBrowser() ? document.documentElement.lang : undefined,
  // Node 21 and later have a `navigator` of their own (the machine's locale): only a browser's counts.
  browser: readonly string[] = inBrowser() ? navigator.languages : [],
): Currency | undefined {
  for (const tag of [page, ...browser]) {
    const currency = tag ? currencyOfLocale(tag) : undefined;
    if (currency) return currency;
  }
  return undefined;
}

/** The store's list query in the reader's currency: `?currency=` when there is one. */
export const currencyQuery = (currency: Currency | undefined) => (currency ? { currency } : {});

const noChange = () => () => {};
/**
 * `readerCurrency` in a component: none while a server-drawn page hydrates (that page is shared
 * between visitors, so it was drawn in the default currency), the reader's own right after.
 */
export const useReaderCurrency = (): Currency | undefined =>
  useSyncExternalStore(
    noChange,
    () => readerCurrency(),
    () => undefined,
  );
