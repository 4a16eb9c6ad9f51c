import { payoutSettingsSchema } from '@inkwell/contract';
import { describe, expect, it } from 'vitest';
import { coinsWorth, convert, feeOn } from './conversion';

const rates = { currency: 'usd' as const, exchangeRates: { eur: 1.08, jpy: 0.0067, kwd: 3.25 } };

describe('payout conversions (decision 0045)', () => {
  it('converts exactly through the payout currency, in each currency’s minor unit, toward zero', () => {
    expect(convert(1000, 'eur', 'usd', rates)).toBe(1080);
    expect(convert(999, 'eur', 'usd', rates)).toBe(1078); // 1078.92
    expect(convert(-999, 'eur', 'usd', rates)).toBe(-1078);
    expect(convert(500, 'jpy', 'usd', rates)).toBe(335); // 500 yen · 0.0067 = 3.35 USD
    expect(convert(1000, 'usd', 'jpy', rates)).toBe(1492); // 10 USD / 0.0067 = 1,492.5 yen
    expect(convert(1000, 'usd', 'kwd', rates)).toBe(3076); // 10 USD / 3.25 = 3.076 KWD (three decimals)
    expect(convert(1000, 'eur', 'jpy', rates)).toBe(1611); // 10 EUR · 1.08 / 0.0067 = 1,611.9 yen
    expect(convert(1234, 'gbp', 'gbp', rates)).toBe(1234);
  });

  it('has no answer without a rate', () => {
    expect(convert(1000, 'gbp', 'usd', rates)).toBeNull();
    expect(convert(1000, 'usd', 'gbp', rates)).toBeNull();
  });

  it('takes a rate too small to read (or not above 0) as no rate, never dividing by zero', () => {
    for (const tiny of [1e-13, 0, -1, Number.NaN]) {
      const settings = { currency: 'usd' as const, exchangeRates: { idr: tiny } };
      expect(convert(1000, 'usd', 'idr', settings)).toBeNull();
      expect(convert(1000, 'idr', 'usd', settings)).toBeNull();
    }
    expect(convert(1_000_000, 'idr', 'usd', { currency: 'usd', exchangeRates: { idr: 0.000001 } })).toBe(1);
  });

  it("refuses the admin's rate below 0.000001, so none is too small to read", () => {
    const rates = payoutSettingsSchema.shape.exchangeRates;
    expect(rates.safeParse({ idr: 1e-13 }).error?.issues[0]?.message).toBe('validation.exchangeRate');
    expect(rates.safeParse({ idr: 0.0000009 }).success).toBe(false);
    expect(rates.safeParse({ idr: 0.000001, vnd: 0.00004 }).success).toBe(true);
  });

  it('values coins per 100 and takes the fee rounded down', () => {
    expect(coinsWorth(1001, 100)).toBe(1001);
    expect(coinsWorth(1001, 75)).toBe(750);
    expect(feeOn(1401, 20)).toBe(280);
  });
});
