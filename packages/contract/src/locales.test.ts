import { describe, expect, it } from 'vitest';
import { acceptedLanguages, chooseLocale, localeDirection, matchLocale } from './locales';

describe('matchLocale', () => {
  it('matches exactly in any case, then by the language alone', () => {
    expect(matchLocale('pt-BR')).toBe('pt-BR');
    expect(matchLocale('pt-br')).toBe('pt-BR');
    expect(matchLocale('pt_BR')).toBe('pt-BR');
    expect(matchLocale('pt')).toBe('pt-BR');
    expect(matchLocale('pt-PT')).toBe('pt-BR');
    expect(matchLocale('es-MX')).toBe('es');
    expect(matchLocale('EN-gb')).toBe('en');
    expect(matchLocale('ko')).toBeUndefined();
    expect(matchLocale('')).toBeUndefined();
    expect(matchLocale(undefined)).toBeUndefined();
  });

  it('offers the pseudo-locale only when allowed', () => {
    expect(matchLocale('en-XA')).toBe('en');
    expect(matchLocale('en-xa', true)).toBe('en-XA');
  });
});

describe('acceptedLanguages', () => {
  it('orders by weight, keeping the header order between equals, and drops refusals and *', () => {
    expect(acceptedLanguages('es;q=0.5, pt-BR, *;q=0.1, en;q=0.5, fr;q=0')).toEqual(['pt-BR', 'es', 'en']);
    expect(acceptedLanguages('')).toEqual([]);
    // A weight that is not a number is read as the default, as browsers never send one.
    expect(acceptedLanguages('en;q=abc')).toEqual(['en']);
  });
});

describe('chooseLocale', () => {
  it('takes ?lang=, then the cookie, then Accept-Language, then the site default', () => {
    const all = { query: 'es', cookie: 'pt-BR', acceptLanguage: 'en', siteDefault: 'pt-BR' };
    expect(chooseLocale(all)).toBe('es');
    expect(chooseLocale({ ...all, query: undefined })).toBe('pt-BR');
    expect(chooseLocale({ ...all, query: undefined, cookie: undefined })).toBe('en');
    expect(chooseLocale({ siteDefault: 'es' })).toBe('es');
    expect(chooseLocale({})).toBe('en');
  });

  it('passes over what names none of ours, at every step', () => {
    expect(chooseLocale({ query: 'xx', cookie: 'klingon', acceptLanguage: 'ko, fr;q=0.9, es;q=0.8' })).toBe('es');
    expect(chooseLocale({ query: 'en-XA', siteDefault: 'de' })).toBe('en');
    expect(chooseLocale({ query: 'en-XA', allowPseudo: true })).toBe('en-XA');
  });
});

describe('localeDirection', () => {
  it('is ltr for ours and rtl for the scripts written that way', () => {
    expect(localeDirection('pt-BR')).toBe('ltr');
    expect(localeDirection('ar-EG')).toBe('rtl');
  });
});
