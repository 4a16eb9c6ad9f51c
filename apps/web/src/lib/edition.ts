import { canonicalLanguage, languageName } from '@inkwell/contract';
import { useSearchParams } from 'react-router';
import { useLocale } from './i18n/i18n-context';

// A series' editions (issue 35 §2): `?lang=` on a series or chapter address names the edition it is
// read in; without it the server picks one (the reader's content languages, then the page's language).

/** Languages series are often written or translated in, offered by the pickers (the server takes any BCP 47 tag). */
export const CONTENT_LANGUAGE_CHOICES: readonly string[] = [
  'en',
  'pt-BR',
  'es',
  'fr',
  'de',
  'it',
  'id',
  'ko',
  'ja',
  'zh-Hans',
  'zh-Hant',
  'th',
  'vi',
  'tr',
  'ru',
  'ar',
  'pl',
  'fil',
];

/** The edition a page's address asks for (`?lang=es`), in its canonical spelling; undefined: the server's choice. */
export function editionOf(search: URLSearchParams): string | undefined {
  const lang = search.get('lang');
  return lang ? canonicalLanguage(lang) : undefined;
}

/** The edition this page's address asks for. */
export function useEdition(): string | undefined {
  const [search] = useSearchParams();
  return editionOf(search);
}

/** A series or chapter path in an edition: `?lang=` added when one was asked for, so links keep it. */
export function editionPath(path: string, lang: string | undefined): string {
  return lang ? `${path}?lang=${encodeURIComponent(lang)}` : path;
}

/**
 * A language named in the page's language: as a label starts ("Español", "Português (Brasil)"), or
 * as it is written inside a sentence (`'sentence'`: "español" in Spanish, "Spanish" in English).
 */
export function useLanguageName(): (tag: string, form?: 'label' | 'sentence') => string {
  const locale = useLocale();
  const display = locale === 'en-XA' ? 'en' : locale;
  return (tag, form = 'label') => {
    const name = languageName(tag, display);
    return form === 'sentence' ? name : name.charAt(0).toLocaleUpperCase(display) + name.slice(1);
  };
}
