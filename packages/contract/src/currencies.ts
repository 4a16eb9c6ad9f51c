import { minorUnitDigits } from './currency-digits';

export { minorToDecimal, minorUnitDigits } from './currency-digits';

// No zod here: the web's money formatting imports these, and every page would carry the schema library.

/**
 * The currencies prices are set in: those Stripe presents charges in (lowercase ISO 4217, as
 * Stripe writes them; docs.stripe.com/currencies). Amounts everywhere are integers in the
 * currency's minor unit — called "cents" in field names (`priceCents`, `amountCents`) whatever
 * the currency: cents of a dollar, yen (no minor unit), fils of a dinar (a thousandth).
 */
export const CURRENCIES = [
  'usd', 'aed', 'afn', 'all', 'amd', 'ang', 'aoa', 'ars', 'aud', 'awg', 'azn', 'bam', 'bbd', 'bdt', 'bgn',
  'bhd', 'bif', 'bmd', 'bnd', 'bob', 'brl', 'bsd', 'bwp', 'byn', 'bzd', 'cad', 'cdf', 'chf', 'clp', 'cny',
  'cop', 'crc', 'cve', 'czk', 'djf', 'dkk', 'dop', 'dzd', 'egp', 'etb', 'eur', 'fjd', 'fkp', 'gbp', 'gel',
  'gip', 'gmd', 'gnf', 'gtq', 'gyd', 'hkd', 'hnl', 'htg', 'huf', 'idr', 'ils', 'inr', 'isk', 'jmd', 'jod',
  'jpy', 'kes', 'kgs', 'khr', 'kmf', 'krw', 'kwd', 'kyd', 'kzt', 'lak', 'lbp', 'lkr', 'lrd', 'lsl', 'mad',
  'mdl', 'mga', 'mkd', 'mmk', 'mnt', 'mop', 'mur', 'mvr', 'mwk', 'mxn', 'myr', 'mzn', 'nad', 'ngn', 'nio',
  'nok', 'npr', 'nzd', 'omr', 'pab', 'pen', 'pgk', 'php', 'pkr', 'pln', 'pyg', 'qar', 'ron', 'rsd', 'rub',
  'rwf', 'sar', 'sbd', 'scr', 'sek', 'sgd', 'shp', 'sle', 'sos', 'srd', 'szl', 'thb', 'tjs', 'tnd', 'top',
  'try', 'ttd', 'twd', 'tzs', 'uah', 'ugx', 'uyu', 'uzs', 'vnd', 'vuv', 'wst', 'xaf', 'xcd', 'xof', 'xpf',
  'yer', 'zar', 'zmw',
] as const; // prettier-ignore
export type Currency = (typeof CURRENCIES)[number];

/**
 * The least a price may be in a currency, in its minor unit: Stripe's minimum charge where it
 * names one (docs.stripe.com/currencies#minimum-and-maximum-charge-amounts), otherwise one whole
 * unit of the currency.
 */
const MINIMUM_PRICES: Partial<Record<Currency, number>> = {
  usd: 50, aed: 200, aud: 50, bgn: 100, brl: 50, cad: 50, chf: 50, czk: 1500, dkk: 250, eur: 50, gbp: 30,
  hkd: 400, huf: 17500, inr: 50, jpy: 50, mxn: 1000, myr: 200, nok: 300, nzd: 50, pln: 200, ron: 200,
  sek: 300, sgd: 50, thb: 1000,
}; // prettier-ignore
export const minimumPriceCents = (currency: Currency): number => MINIMUM_PRICES[currency] ?? 10 ** minorUnitDigits(currency);
/** Stripe's largest amount: eight digits in the minor unit. */
export const MAXIMUM_PRICE_CENTS = 99_999_999;

/** What is wrong with a price in its currency (a validation message id), or null when Stripe can charge it. */
export function priceProblem(priceCents: number, currency: Currency): `validation.${string}` | null {
  if (priceCents < minimumPriceCents(currency)) return 'validation.priceBelowCurrencyMinimum';
  if (minorUnitDigits(currency) === 3 && priceCents % 10 !== 0) return 'validation.priceThreeDecimalTens';
  return null;
}

/**
 * The currency a language's region pays in ("pt-BR" → brl, "ja" → jpy), or undefined when the
 * language names no region and is not spoken mostly in one.
 */
const REGION_CURRENCIES: Record<string, Currency> = {
  US: 'usd', GB: 'gbp', BR: 'brl', MX: 'mxn', AR: 'ars', CL: 'clp', CO: 'cop', PE: 'pen', UY: 'uyu', ES: 'eur',
  PT: 'eur', FR: 'eur', DE: 'eur', IT: 'eur', NL: 'eur', BE: 'eur', AT: 'eur', IE: 'eur', FI: 'eur', GR: 'eur',
  JP: 'jpy', KR: 'krw', CN: 'cny', TW: 'twd', HK: 'hkd', ID: 'idr', PH: 'php', TH: 'thb', VN: 'vnd', MY: 'myr',
  SG: 'sgd', IN: 'inr', CA: 'cad', AU: 'aud', NZ: 'nzd', CH: 'chf', SE: 'sek', NO: 'nok', DK: 'dkk', PL: 'pln',
  CZ: 'czk', HU: 'huf', RO: 'ron', TR: 'try', UA: 'uah', ZA: 'zar', NG: 'ngn', EG: 'egp', SA: 'sar', AE: 'aed',
  KW: 'kwd', BH: 'bhd', JO: 'jod', OM: 'omr', TN: 'tnd', IL: 'ils',
}; // prettier-ignore
const LANGUAGE_CURRENCIES: Record<string, Currency> = {
  ja: 'jpy', ko: 'krw', id: 'idr', th: 'thb', vi: 'vnd', tl: 'php', fil: 'php', pl: 'pln', cs: 'czk', hu: 'huf',
  tr: 'try', uk: 'uah', he: 'ils', sv: 'sek', da: 'dkk', nb: 'nok',
}; // prettier-ignore
export function currencyOfLocale(locale: string): Currency | undefined {
  const [language = '', ...rest] = locale.split(/[-_]/);
  const region = rest.find((part) => /^[A-Za-z]{2}$/.test(part))?.toUpperCase();
  return (region && REGION_CURRENCIES[region]) || LANGUAGE_CURRENCIES[language.toLowerCase()];
}

/** Amounts per currency, in each one's minor unit; a currency left out is none. */
export type AmountsByCurrency = Partial<Record<Currency, number>>;

/** `a + sign·b`, currency by currency, leaving out the currencies that come to nothing. */
export function addAmounts(a: AmountsByCurrency, b: AmountsByCurrency, sign: 1 | -1 = 1): AmountsByCurrency {
  const sum: AmountsByCurrency = {};
  for (const currency of new Set([...Object.keys(a), ...Object.keys(b)]) as Set<Currency>) {
    const value = (a[currency] ?? 0) + sign * (b[currency] ?? 0);
    if (value !== 0) sum[currency] = value;
  }
  return sum;
}

/**
 * What the store shows a reader (issue 38 §3): the items priced in their currency when there are
 * any, else those in the site's default currency, else every item; and which currency that is
 * (null for every item).
 */
export function inStoreCurrency<T extends { currency: Currency }>(
  items: T[],
  asked: Currency | undefined,
  fallback: Currency,
): { items: T[]; currency: Currency | null } {
  for (const currency of asked ? [asked, fallback] : [fallback]) {
    const priced = items.filter((item) => item.currency === currency);
    if (priced.length > 0) return { items: priced, currency };
  }
  return { items, currency: null };
}
