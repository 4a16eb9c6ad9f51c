/**
 * Money on the finance pages (DESIGN §4): prices travel as integer cents; admins type them as
 * decimals ("4.99") and read them in the item's own currency.
 */

const formatters = new Map<string, Intl.NumberFormat>();

/** "$4.99", "€10.00": cents in their currency (usd, eur, gbp; case does not matter). */
export function formatMoney(cents: number, currency: string): string {
  const code = currency.toUpperCase();
  let format = formatters.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en', { style: 'currency', currency: code });
    formatters.set(code, format);
  }
  return format.format(cents / 100);
}

/**
 * The cents of a typed price: "4.99", "4,99", "5" or "5." → 499, 499, 500, 500. Anything else
 * (more than two decimals, letters, a sign, empty) → null, for the form to refuse.
 */
export function priceToCents(text: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The form's text for a price in cents: 499 → "4.99". */
export const centsToPrice = (cents: number) => (cents / 100).toFixed(2);

/** "12,500": coin counts with grouping. */
export const formatCoins = (coins: number) => new Intl.NumberFormat('en').format(coins);
