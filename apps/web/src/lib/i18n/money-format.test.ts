import { describe, expect, it } from 'vitest';
import { formattersFor } from './format';

// Issue 38 §3: money is an integer in its currency's minor unit, said with Intl in the reader's
// language, with the currency's own digits and never through a float.
const en = formattersFor((id) => id, 'en');
const ja = formattersFor((id) => id, 'ja' as never);
const pt = formattersFor((id) => id, 'pt-BR');

describe('money in any currency', () => {
  it('says a zero-decimal amount as it is: 500 yen is ¥500', () => {
    expect(en.money(500, 'jpy')).toBe('¥500');
    expect(ja.money(500, 'jpy')).toBe('￥500');
    expect(en.money(12_000, 'krw')).toBe('₩12,000');
  });

  it('says a three-decimal amount in thousandths: 1234 is 1.234 KWD', () => {
    expect(en.money(1234, 'kwd')).toMatch(/^KWD\s1\.234$/);
    expect(pt.money(1230, 'kwd')).toMatch(/1,230/);
  });

  it('says two-decimal amounts exactly, however large', () => {
    expect(en.money(499, 'usd')).toBe('$4.99');
    expect(en.money(99_999_999, 'usd')).toBe('$999,999.99');
    // Divided by 100 as a float, this would read 409.84: the decimal string keeps its cents.
    expect(en.money(9_007_199_254_740_985, 'usd')).toBe('$90,071,992,547,409.85');
    expect(en.money(-250, 'eur')).toBe('-€2.50');
    expect(pt.money(123_456, 'brl')).toMatch(/R\$\s1\.234,56/);
  });
});
