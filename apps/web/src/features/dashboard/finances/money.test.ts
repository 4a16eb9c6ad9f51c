import { describe, expect, it } from 'vitest';
import { centsToPrice, formatMoney, priceToCents } from './money';

describe('money on the finance pages (DESIGN §4: integer cents)', () => {
  it.each([
    ['4.99', 499],
    ['4,99', 499],
    ['5', 500],
    ['5.', 500],
    ['0.5', 50],
    [' 12.30 ', 1230],
    ['1000000', 100_000_000],
  ])('reads the typed price %j as %i cents', (text, cents) => {
    expect(priceToCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '4.999', '-1', '1e3', '4.9.9', '$4'])('refuses %j', (text) => {
    expect(priceToCents(text)).toBeNull();
  });

  it('shows cents in the item’s own currency, and back as a form value', () => {
    expect(formatMoney(499, 'usd')).toBe('$4.99');
    expect(formatMoney(1000, 'eur')).toBe('€10.00');
    expect(formatMoney(250, 'GBP')).toBe('£2.50');
    expect(centsToPrice(499)).toBe('4.99');
    expect(centsToPrice(500)).toBe('5.00');
  });
});
