import { describe, expect, it } from 'vitest';
import { centsToPrice, priceToCents } from './price-input';

describe('prices typed in the finance forms (DESIGN §4: integer cents)', () => {
  it.each([
    ['4.99', 499],
    ['4,99', 499],
    ['5', 500],
    ['5.', 500],
    ['0.5', 50],
    [' 12.30 ', 1230],
    ['1000000', 100_000_000],
  ])('reads %j as %i cents', (text, cents) => {
    expect(priceToCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '4.999', '-1', '1e3', '4.9.9', '$4'])('refuses %j', (text) => {
    expect(priceToCents(text)).toBeNull();
  });

  it('writes cents back as a form value', () => {
    expect(centsToPrice(499)).toBe('4.99');
    expect(centsToPrice(500)).toBe('5.00');
  });
});
