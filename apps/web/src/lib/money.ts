/** Money and coins on screen (DESIGN §4): prices travel as integer cents in their own currency. */

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
