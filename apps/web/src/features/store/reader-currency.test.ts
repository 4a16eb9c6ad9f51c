import { afterEach, describe, expect, it, vi } from 'vitest';
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

  describe("on the server's render", () => {
    afterEach(() => vi.unstubAllGlobals());

    it("is none even where Node has a navigator of its own: the page is drawn in the site's default", () => {
      // Node 21 and later answer navigator.languages with the machine's locale (en-US → usd);
      // the server's page is shared by every visitor and its packages are drawn in the default.
      vi.stubGlobal('document', undefined);
      vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' });
      expect(readerCurrency()).toBeUndefined();
    });
  });
});
