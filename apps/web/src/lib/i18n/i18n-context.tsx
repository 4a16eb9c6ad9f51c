import type { I18n } from './message-runtime';
import type { InterfaceLocale } from '@inkwell/contract';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

/** `t('common.footer.madeBy')`, `t('common.search.tooShort', { count })`: a message of the page's language, its ICU arguments filled. */
export type Translate = (id: string, values?: Record<string, unknown>) => string;

export interface Translator {
  locale: InterfaceLocale;
  t: Translate;
  i18n: I18n;
}

const I18nContext = createContext<Translator | null>(null);

function translatorOf(i18n: I18n): Translator {
  return { locale: i18n.locale as InterfaceLocale, t: (id, values) => i18n._(id, values), i18n };
}

/**
 * Where a component drawn outside the app's providers finds its words: the web tests' setup
 * loads English here (test/setup.ts). The app, and every server render, always has a provider.
 */
let standalone: Translator | null = null;
export function setStandaloneI18n(i18n: I18n | null) {
  standalone = i18n && translatorOf(i18n);
}

/** The page's language for everything below: one language per page (changing it reloads the page). */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const value = useMemo(() => translatorOf(i18n), [i18n]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useTranslator(): Translator {
  const translator = useContext(I18nContext) ?? standalone;
  if (!translator) throw new Error('useT() outside an I18nProvider');
  return translator;
}

/** The page's `t`. */
export const useT = (): Translate => useTranslator().t;

/** The page's language, for Intl's formatters. */
export const useLocale = (): InterfaceLocale => useTranslator().locale;
