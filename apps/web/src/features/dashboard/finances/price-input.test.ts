import { describe, expect, it } from 'vitest';
import { centsToPrice, pricePlaceholder, priceToCents } from './price-input';

describe('prices typed in the finance forms (DESIGN §4: integers in the minor unit)', () => {
  it.each([
    ['4.99', 499],
    ['4,99', 499],
    ['5', 500],
    ['5.', 500],
    ['0.5', 50],
    [' 12.30 ', 1230],
    ['1000000', 100_000_000],
    // Read as digits, never through a float (4.35 × 100 is 434.99999… as a float).
    ['4.35', 435],
    ['0.29', 29],
  ])('reads %j as %i cents', (text, cents) => {
    expect(priceToCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '4.999', '-1', '1e3', '4.9.9', '$4'])('refuses %j', (text) => {
    expect(priceToCents(text)).toBeNull();
  });

  it('reads a zero-decimal currency in whole units: ¥500 is 500', () => {
    expect(priceToCents('500', 'jpy')).toBe(500);
    expect(priceToCents('500.', 'jpy')).toBe(500);
    expect(priceToCents('500.5', 'jpy')).toBeNull();
    expect(priceToCents('12000', 'krw')).toBe(12_000);
  });

  it('reads a three-decimal currency in thousandths: 1.234 KWD is 1234', () => {
    expect(priceToCents('1.234', 'kwd')).toBe(1234);
    expect(priceToCents('1,5', 'kwd')).toBe(1500);
    expect(priceToCents('1.2345', 'kwd')).toBeNull();
  });

  it('writes minor units back as a form value in the currency’s digits', () => {
    expect(centsToPrice(499)).toBe('4.99');
    expect(centsToPrice(500)).toBe('5.00');
    expect(centsToPrice(5, 'usd')).toBe('0.05');
    expect(centsToPrice(500, 'jpy')).toBe('500');
    expect(centsToPrice(1234, 'kwd')).toBe('1.234');
    expect(pricePlaceholder('jpy')).toBe('500');
    expect(pricePlaceholder('bhd')).toBe('1.250');
  });
});
