import { I18n, type CompiledMessages } from './message-runtime';
import { DEFAULT_LOCALE, matchLocale, type InterfaceLocale } from '@inkwell/contract';

// Issue 35 §1, decision 0038: the interface's words come from the catalogues
// (packages/contract/messages), compiled per language at build time. A page loads its language's
// `common` namespace first, and each feature's namespace with the feature's code.

type Catalogue = () => Promise<{ default: CompiledMessages }>;
/** One namespace's compiled messages in each language (`virtual:inkwell-namespace/<namespace>`). */
export type NamespaceLoaders = Record<string, Catalogue>;

/** What every page needs first (the top bar, the footer, the app's own messages and errors). */
const COMMON: Record<InterfaceLocale, Catalogue> = {
  en: () => import('virtual:inkwell-messages/en'),
  'pt-BR': () => import('virtual:inkwell-messages/pt-BR'),
  es: () => import('virtual:inkwell-messages/es'),
  'en-XA': () => import('virtual:inkwell-messages/en-XA'),
};

/** Every namespace at once: the server renders any page in any language, and tests draw any component. */
const EVERYTHING: Record<InterfaceLocale, Catalogue> = {
  en: () => import('virtual:inkwell-messages/en/all'),
  'pt-BR': () => import('virtual:inkwell-messages/pt-BR/all'),
  es: () => import('virtual:inkwell-messages/es/all'),
  'en-XA': () => import('virtual:inkwell-messages/en-XA/all'),
};

/** Told of every message a catalogue lacks (the catalogue test keeps them complete; journeys fail on this line). */
function reportMissing(locale: string, id: string): string {
  const report = `Missing message "${id}" in the ${locale} catalogue`;
  // A test drawing a message nobody wrote fails where it is drawn.
  if (import.meta.env.MODE === 'test') throw new Error(report);
  console.error(report);
  return id;
}

/** The server and tests hold every namespace; a browser, what its pages have loaded. */
const holdsEverything = import.meta.env.SSR || import.meta.env.MODE === 'test';

const loaded = new Map<InterfaceLocale, Promise<I18n>>();

/** A language's messages, loaded once; every render in that language shares them. */
export function loadI18n(locale: InterfaceLocale): Promise<I18n> {
  let loading = loaded.get(locale);
  if (!loading) {
    loading = (holdsEverything ? EVERYTHING : COMMON)[locale]().then(({ default: messages }) => {
      const i18n = new I18n(locale, reportMissing);
      i18n.load(messages);
      return i18n;
    });
    loaded.set(locale, loading);
  }
  return loading;
}

/**
 * A feature's namespace, added to the page's language before the feature's code runs: each
 * feature's `messages.ts` awaits this at its top level, so a page's module (and every part it
 * imports) is only ready once its words are.
 */
export async function loadNamespace(loaders: NamespaceLoaders): Promise<void> {
  if (holdsEverything) return;
  const locale = pageLocale();
  const load = loaders[locale];
  if (!load) throw new Error(`No messages in ${locale}`);
  const [i18n, { default: messages }] = await Promise.all([loadI18n(locale), load()]);
  i18n.load(messages);
}

/** The language the server chose for this page (it writes it in `<html lang>`), or the default. */
export function pageLocale(): InterfaceLocale {
  if (typeof document === 'undefined') return DEFAULT_LOCALE;
  return matchLocale(document.documentElement.lang, true) ?? DEFAULT_LOCALE;
}
