import { minorToDecimal, minorUnitDigits } from '@inkwell/contract';

/**
 * Prices in the finance forms (DESIGN §4, issue 38 §3): they travel as integers in the currency's
 * minor unit; admins type them as decimals with the currency's digits ("4.99" USD, "500" JPY,
 * "1.234" KWD). Showing money is lib/i18n/format's.
 */

/**
 * The minor units of a typed price in its currency: "4.99", "4,99", "5" or "5." USD → 499, 499,
 * 500, 500; "500" JPY → 500; "1.234" KWD → 1234. Anything else (more decimals than the currency
 * has, letters, a sign, empty) → null, for the form to refuse. Read as digits, never as a float.
 */
export function priceToCents(text: string, currency = 'usd'): number | null {
  const digits = minorUnitDigits(currency);
  const match = /^(\d{1,9})(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** The form's text for a price in minor units: 499 USD → "4.99", 500 JPY → "500", 1234 KWD → "1.234". */
export const centsToPrice = (cents: number, currency = 'usd') => minorToDecimal(cents, currency);

/** A price to show as the field's example, in the currency's digits: "4.99", "500", "1.250". */
export const pricePlaceholder = (currency = 'usd') => ({ 0: '500', 2: '4.99', 3: '1.250' })[minorUnitDigits(currency)];
