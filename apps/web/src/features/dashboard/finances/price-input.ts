/**
 * Prices in the finance forms (DESIGN §4): they travel as integer cents; admins type them as
 * decimals ("4.99"). Showing money is lib/money's.
 */

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
