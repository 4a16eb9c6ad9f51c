// How amounts in a currency's minor unit are written, on their own: the web's money formatting
// imports these on every page, without the list of currencies and regions the store reads.

/** Currencies without a minor unit: 500 is ¥500 (Stripe's zero-decimal currencies). */
const ZERO_DECIMAL = new Set<string>([
  'bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf',
]); // prettier-ignore
/** Currencies with a thousandth: 1234 is 1.234 KWD. Stripe takes them in tens only (the last digit 0). */
const THREE_DECIMAL = new Set<string>(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/** The digits of a currency's minor unit, as amounts are counted in it: 0 (jpy), 3 (kwd) or 2. */
export function minorUnitDigits(currency: string): 0 | 2 | 3 {
  const code = currency.toLowerCase();
  return ZERO_DECIMAL.has(code) ? 0 : THREE_DECIMAL.has(code) ? 3 : 2;
}

/** An amount in its minor unit as an exact decimal in the major unit: 499 usd → "4.99", 500 jpy → "500", 1234 kwd → "1.234". */
export function minorToDecimal(amount: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const sign = amount < 0 ? '-' : '';
  const text = String(Math.abs(Math.trunc(amount))).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
