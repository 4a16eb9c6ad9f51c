// The server's own words in the reader's language (issue 35 §1, decision 0038): e-mails, pushes,
// the reading apps' feed titles and error answers (decision 0040), from the catalogues' server
// namespaces (SERVER_NAMESPACES) and `validation`, compiled once at startup, one Lingui instance per language.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setupI18n, type I18n } from '@lingui/core';
import {
  acceptedLanguages,
  chooseLocale,
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALES,
  matchLocale,
  type Locale,
} from '@inkwell/contract';
import { CATALOGUES_DIR, compiledMessages, SERVER_NAMESPACES, VALIDATION_NAMESPACE } from '@inkwell/contract/message-catalogues';

/** A message of the server's namespaces, by its full id, filled with `values`. */
export type Translate = (id: string, values?: Record<string, unknown>) => string;

/**
 * Where the catalogues are: beside the contract's source, or (in the bundled server, dist/main.js,
 * where the contract's own path points into apps/server) at the repository's packages/contract.
 */
const cataloguesDir = existsSync(CATALOGUES_DIR)
  ? CATALOGUES_DIR
  : fileURLToPath(new URL('../../../packages/contract/messages', import.meta.url));

/** A message nobody wrote: the catalogue test keeps them complete, so outside production it is a bug to fail on. */
function reportMissing(locale: string, id: string): string {
  if (process.env.NODE_ENV !== 'production') throw new Error(`Missing message "${id}" in the ${locale} catalogue`);
  return id;
}

/** The server's own namespaces, and the contract's validation messages its error answers say (decision 0040). */
const isServerNamespace = (namespace: string) => SERVER_NAMESPACES.includes(namespace) || namespace === VALIDATION_NAMESPACE;

const instances = new Map<Locale, I18n>(
  LOCALES.map((locale) => [
    locale,
    setupI18n({
      locale,
      messages: { [locale]: compiledMessages(locale, isServerNamespace, cataloguesDir) as never },
      missing: reportMissing,
    }),
  ]),
);

/** The words of one of our languages (a tag that names none of ours gets English's). */
export function translatorFor(locale: string | null | undefined): Translate {
  const i18n = instances.get(matchLocale(locale) as Locale) ?? instances.get(DEFAULT_LOCALE)!;
  return (id, values) => i18n._(id, values);
}

/** What a request says of its reader's language: the picker's cookie and Accept-Language (no `?lang=` on the API). */
interface RequestLanguage {
  cookies: Partial<Record<string, string>>;
  headers: { 'accept-language'?: string | undefined };
}

/** Finds the language the server speaks to a reader, falling back to the site's default (an admin's setting). */
export function createReaderLanguages(
  siteLocale: () => Promise<string>,
  keptSiteLocale: () => string | undefined = () => undefined,
) {
  const siteDefault = async (): Promise<Locale> => (matchLocale(await siteLocale()) as Locale | undefined) ?? DEFAULT_LOCALE;
  /** A reader's language: the one kept on their account, or the site's default. */
  const ofReader = async (stored: string | null | undefined): Promise<Locale> =>
    (matchLocale(stored) as Locale | undefined) ?? (await siteDefault());
  /**
   * The language a request names itself (the picker's cookie, then Accept-Language), or null: an
   * account made from it keeps this one, and one that named none follows the site's default.
   */
  const namedBy = (request: RequestLanguage): Locale | null => {
    const tags = [request.cookies[LOCALE_COOKIE], ...acceptedLanguages(request.headers['accept-language'])];
    for (const tag of tags) {
      const locale = matchLocale(tag) as Locale | undefined;
      if (locale) return locale;
    }
    return null;
  };
  return {
    /** The site's default language: a reader who never chose one, a reading app that names none. */
    siteDefault,
    /** The site's default language without a promise while the instance holds the setting (hot reads, issue 40). */
    siteDefaultAtHand(): Locale | Promise<Locale> {
      const kept = keptSiteLocale();
      return kept === undefined ? siteDefault() : ((matchLocale(kept) as Locale | undefined) ?? DEFAULT_LOCALE);
    },
    ofReader,
    namedBy,

    /** A signed-in reader's request: the language it names, then the one kept on their account, then the site's default. */
    async ofReaderRequest(request: RequestLanguage, stored: string | null | undefined): Promise<Locale> {
      return namedBy(request) ?? (await ofReader(stored));
    },

    /** A request's language: the picker's cookie, then Accept-Language, then the site's default. */
    async ofRequest(request: RequestLanguage): Promise<Locale> {
      // Without the pseudo-locale, chooseLocale answers one of ours.
      return chooseLocale({
        cookie: request.cookies[LOCALE_COOKIE],
        acceptLanguage: request.headers['accept-language'],
        siteDefault: await siteDefault(),
      }) as Locale;
    },
  };
}
export type ReaderLanguages = ReturnType<typeof createReaderLanguages>;
