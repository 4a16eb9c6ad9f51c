import { minorUnitDigits as minorDigits, type PayoutSettings } from '@inkwell/contract';

/** A rate as an exact fraction: 1.08 → 108/100 (read from its shortest decimal writing). */
function fraction(rate: number): { numerator: bigint; denominator: bigint } {
  const text = Number.isInteger(rate) ? String(rate) : rate.toFixed(12).replace(/0+$/, '');
  const [whole, decimals = ''] = text.split('.');
  return { numerator: BigInt(`${whole}${decimals}`), denominator: 10n ** BigInt(decimals.length) };
}

type Rates = Pick<PayoutSettings, 'currency' | 'exchangeRates'>;

/** How many units of the payout currency one unit of `currency` is worth, or null without a rate. */
function rateOf(settings: Rates, currency: string): number | null {
  if (currency === settings.currency) return 1;
  return (settings.exchangeRates as Record<string, number | undefined>)[currency] ?? null;
}

/** A rate's fraction, or null for one that is no rate: not a positive finite number, or too small to read (0 at 12 decimals). */
function usableFraction(rate: number | null) {
  if (rate === null || !Number.isFinite(rate) || rate <= 0) return null;
  const exact = fraction(rate);
  return exact.numerator > 0n ? exact : null;
}

/**
 * `amount` in `from`'s minor unit, in `to`'s minor unit, through the payout currency's rates
 * (decision 0045): exact in integers (BigInt), rounded toward zero once at the end, so a refund
 * converts to the same size as the payment it takes back. Null when a rate is missing or unusable.
 */
export function convert(amount: number, from: string, to: string, settings: Rates): number | null {
  if (from === to || amount === 0) return amount;
  const a = usableFraction(rateOf(settings, from));
  const b = usableFraction(rateOf(settings, to));
  // A rate too small to read is no rate: the statement waits for the admin's, as without one.
  if (a === null || b === null) return null;
  const shift = minorDigits(to) - minorDigits(from);
  // amount · (a.n / a.d) / (b.n / b.d) · 10^shift
  let numerator = BigInt(amount) * a.numerator * b.denominator;
  let denominator = a.denominator * b.numerator;
  if (shift >= 0) numerator *= 10n ** BigInt(shift);
  else denominator *= 10n ** BigInt(-shift);
  return Number(numerator / denominator);
}

/** Coins' worth in the payout currency's minor unit: `coinValueCents` per 100 coins, rounded toward zero. */
export const coinsWorth = (coins: number, coinValueCents: number) => Number((BigInt(coins) * BigInt(coinValueCents)) / 100n);

/** The site's fee on an amount, rounded down (as the earnings page takes it, decision 0029). */
export const feeOn = (amount: number, feePercent: number) => Math.floor((amount * feePercent) / 100);
