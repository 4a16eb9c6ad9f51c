import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  LOCALE_NAMES,
  LOCALES,
  PSEUDO_LOCALE,
  type InterfaceLocale,
} from '@inkwell/contract';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { callApi } from '../lib/api-client';
import { useAuth } from '../lib/auth/auth-context';
import { useLocale, useT } from '../lib/i18n/i18n-context';

/** Ours, and the pseudo-locale in development (issue 35 §1: finding strings left inline). */
const CHOICES: readonly InterfaceLocale[] = import.meta.env.DEV ? [...LOCALES, PSEUDO_LOCALE] : LOCALES;

/**
 * Keeps the reader's language for a year (and in their account when signed in) and draws the page again in it: the server renders every
 * page in the cookie's language, so the whole page changes at once, with nothing left in the old one.
 */
async function chooseLanguage(locale: InterfaceLocale, isSignedIn: boolean) {
  // A signed-in reader's e-mails and pushes follow the language they read in (PATCH ME/preferences).
  if (isSignedIn && locale !== PSEUDO_LOCALE) await callApi('preferencesUpdate', { body: { locale } }).catch(() => undefined);
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_S}; samesite=lax`;
  const url = new URL(window.location.href);
  url.searchParams.delete('lang');
  window.location.assign(url.toString());
}

/** The interface's language (the footer's and the account's): each language named in itself. */
export function LanguageChoice() {
  const t = useT();
  const locale = useLocale();
  const { isAuthenticated } = useAuth();
  const id = useId();
  return (
    <span className="flex items-center gap-2" data-testid="language-choice">
      <Languages className="size-4" aria-hidden />
      <label htmlFor={id} className="sr-only">
        {t('common.language.label')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => void chooseLanguage(event.target.value as InterfaceLocale, isAuthenticated)}
        className="rounded-md border border-ink-700 bg-ink-900 px-2 py-1 text-sm text-zinc-200"
      >
        {CHOICES.map((choice) => (
          <option key={choice} value={choice} lang={choice}>
            {LOCALE_NAMES[choice]}
          </option>
        ))}
      </select>
    </span>
  );
}
