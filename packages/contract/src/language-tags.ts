// The languages a series is written or translated in (issue 35 §2, decision 0039): any BCP 47 tag,
// not only the interface's three. Kept apart from locales.ts, which is about the interface.
// No zod here: the web shell imports these, and a schema beside them would pull the schema library
// into every page's first chunk (content-languages.ts holds the schema).

/** How many content languages a reader may list (issue 35 §2: ME/preferences). */
export const CONTENT_LANGUAGES_MAX = 5;

/** A language tag as people write it: a language, then optional script, region or variant parts. */
const TAG_PATTERN = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8}){0,3}$/;

/** A tag in its canonical spelling (`pt-br` → `pt-BR`, `zh_hant` → `zh-Hant`), or undefined when it is none. */
export function canonicalLanguage(tag: string): string | undefined {
  const trimmed = tag.trim();
  if (!TAG_PATTERN.test(trimmed)) return undefined;
  try {
    return Intl.getCanonicalLocales(trimmed.replace(/_/g, '-'))[0];
  } catch {
    return undefined;
  }
}

/**
 * Two tags name the same language for choosing an edition: the same tag, or the same language
 * alone (`pt-BR` and `pt`, `es-MX` and `es`), so a reader of Brazilian Portuguese gets a `pt` edition.
 */
function sameLanguage(a: string, b: string): boolean {
  const primary = (tag: string) => tag.split('-')[0]!.toLowerCase();
  return a.toLowerCase() === b.toLowerCase() || primary(a) === primary(b);
}

/**
 * The edition to answer in, of those a series has (`available`, the original first), for the
 * languages a reader wants, most wanted first: for each in turn, the same tag, else the same language alone.
 */
export function pickLanguage(available: readonly string[], wanted: readonly string[]): string | undefined {
  for (const tag of wanted) {
    const exact = available.find((language) => language.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const close = available.find((language) => sameLanguage(language, tag));
    if (close) return close;
  }
  return undefined;
}

/** A language's name in the reader's language (`languageName('pt-BR', 'es')` → "portugués (Brasil)"); the tag when unknown. */
export function languageName(tag: string, displayLocale: string): string {
  try {
    return new Intl.DisplayNames([displayLocale], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}
