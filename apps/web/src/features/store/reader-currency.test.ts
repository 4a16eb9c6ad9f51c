import { describe, expect, it } from 'vitest';
import { readerCurrency } from './reader-currency';

describe("the store's currency for a reader (issue 38 §3)", () => {
  it("is the page's language's region's, else the browser's languages'", () => {
    expect(readerCurrency('pt-BR', ['en-US'])).toBe('brl');
    expect(readerCurrency('es', ['es-MX', 'en'])).toBe('mxn');
    expect(readerCurrency('en', ['ja'])).toBe('jpy');
    expect(readerCurrency('en', ['ko-KR'])).toBe('krw');
  });

  it('is none (the site’s default) when no language says one', () => {
    expect(readerCurrency('en', ['en', 'es'])).toBeUndefined();
    expect(readerCurrency(undefined, [])).toBeUndefined();
  });
});
