// The interface's languages (issue 35 §1, decision 0038): which there are, and how a request's is chosen.
// Shared by the server (which renders a page in one and sets <html lang>) and the web app (which
// loads that one's catalogue, and whose footer sets the cookie).

/** The languages the interface is written in, each with a complete catalogue. */
export const LOCALES = ['en', 'pt-BR', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * English with every letter accented and each message a third longer, for finding strings left
 * inline and layouts that break (issue 35 §1). Offered in development only.
 */
export const PSEUDO_LOCALE = 'en-XA';
export type InterfaceLocale = Locale | typeof PSEUDO_LOCALE;

/** The language a site speaks when a reader's browser names none of ours (an admin may choose another). */
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie the language picker sets (a year; read by the server before Accept-Language). */
export const LOCALE_COOKIE = 'inkwell_lang';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Each language named in itself, as a picker lists them: a reader who cannot read the page can still find theirs. */
export const LOCALE_NAMES: Record<InterfaceLocale, string> = {
  en: 'English',
  'pt-BR': 'Português (Brasil)',
  es: 'Español',
  'en-XA': 'Ëñğļîšĥ (pseudo)',
};

/** Written right to left (none of ours yet; `dir` follows this when one is added). */
const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'he', 'ur']);
export const localeDirection = (locale: string): 'ltr' | 'rtl' =>
  RIGHT_TO_LEFT.has(locale.split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr';

/**
 * Ours for a language tag, matched as browsers spell them: exact (any case), then by the language
 * alone (`pt`, `pt-PT` → `pt-BR`; `es-MX` → `es`; `en-GB` → `en`). The pseudo-locale only when allowed.
 */
export function matchLocale(tag: string | undefined | null, allowPseudo = false): InterfaceLocale | undefined {
  const wanted = tag?.trim().replace(/_/g, '-').toLowerCase();
  if (!wanted) return undefined;
  if (allowPseudo && wanted === PSEUDO_LOCALE.toLowerCase()) return PSEUDO_LOCALE;
  const exact = LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0];
  return LOCALES.find((locale) => locale.split('-')[0]!.toLowerCase() === language);
}

/** The languages an Accept-Language header asks for, most wanted first (q=0 refused, `*` ignored). */
export function acceptedLanguages(header: string | undefined | null): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * A request's interface language (issue 35 §1): `?lang=`, then the `inkwell_lang` cookie, then
 * Accept-Language, then the site's default. A value that names none of ours is passed over.
 */
export function chooseLocale(input: {
  query?: string | undefined;
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
  siteDefault?: string | undefined;
  allowPseudo?: boolean;
}): InterfaceLocale {
  const allowPseudo = input.allowPseudo === true;
  return (
    matchLocale(input.query, allowPseudo) ??
    matchLocale(input.cookie, allowPseudo) ??
    acceptedLanguages(input.acceptLanguage)
      .map((tag) => matchLocale(tag))
      .find((locale) => locale !== undefined) ??
    matchLocale(input.siteDefault) ??
    DEFAULT_LOCALE
  );
}

/**
 * How pages write a day ("Nov 25, 2026"): in UTC, so the server's render and the reader's agree.
 * The app writes it for our languages without Intl (web lib/i18n/plain-format.ts, tested against
 * Intl with these options), and asks Intl with them for any other.
 */
export const PAGE_DATE_FORMAT = { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' } as const;
