/// <reference types="node" />
// The interface's message catalogues (issue 35 §1, decision 0038), read and compiled on the server
// and at build time: never imported by the browser, which gets one language's compiled messages.
//
// packages/contract/messages/<locale>/<namespace>.json holds ICU messages under full ids
// (`reader.lock.title` lives in reader.json). The web app's build compiles its namespaces per
// language into a chunk of its own; the server compiles its own (e-mails, push, reading apps).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { PSEUDO_LOCALE, type InterfaceLocale, type Locale } from './locales';

export const CATALOGUES_DIR = fileURLToPath(new URL('../messages', import.meta.url));

/**
 * The namespaces only the server speaks (e-mails, pushes, the reading apps' feeds, the bell's stored
 * notices, the API's errors, which the server sends already said in the request's language):
 * never sent to a browser.
 */
export const SERVER_NAMESPACES: readonly string[] = ['mail', 'push', 'feeds', 'notices', 'apiErrors', 'appManifest'];
/** The contract's validation messages (decision 0040): the server's error answers and the web app's forms both say them. */
export const VALIDATION_NAMESPACE = 'validation';
export const isWebNamespace = (namespace: string) => !SERVER_NAMESPACES.includes(namespace);

/** A language's messages as written: id → ICU message. */
export type SourceCatalogue = Record<string, string>;
/** As Lingui's runtime takes them: tokens, always (it warns of a plain string as of a message left uncompiled). */
export type CompiledCatalogue = Record<string, CompiledMessage>;

/**
 * The namespaces written for a language. A namespace is one file, `<namespace>.json`, or several,
 * `<namespace>.<part>.json` (`common.top-bar.json`), which load together as one.
 */
export function namespacesOf(locale: Locale, dir = CATALOGUES_DIR): string[] {
  return [...new Set(filesOf(locale, dir).map((file) => file.split('.')[0]!))].sort();
}

/**
 * Parts of the web's namespaces a browser loads apart, with the code that says them rather than
 * with their namespace (decision 0038; issue 35 §1, the JavaScript budget): each is the file
 * <namespace>.<part>.json in every language. The lock panel's and the reader's settings' words, the
 * shared parts that sell chapters (which the series page and the lock panel draw), and the later
 * ones (the top bar's menus, the account's and dashboard's shared parts): none is drawn when a
 * reading page opens.
 */
const LAZY_PARTS_OF: Record<string, readonly string[]> = {
  // `reader.places`: the prompt to continue where another device is (issue 39 §1), drawn only when one is.
  // `reader.series-settings`: "For this series" in the settings panel (issue 39 §2), with the panel.
  reader: ['lock', 'settings', 'places', 'series-settings'],
  // `common.tiers`: memberships per series (issue 38 §1), drawn by the series page, the lock panel and a member's early chapters.
  // `common.also-read`: "Readers also read" (issue 39 §5), under the series page and a chapter's end, as they come near.
  // `common.relations`: a series' related series and a chapter's "continue in the novel" (issue 39 §5), as they come near.
  common: ['chapters', 'later', 'tiers', 'also-read', 'relations'],
};
export const LAZY_PARTS: readonly string[] = Object.entries(LAZY_PARTS_OF).flatMap(([namespace, parts]) =>
  parts.map((part) => `${namespace}.${part}`),
);

/** What a browser loads as one: the namespace a catalogue file belongs to, or its lazy part. */
function chunkOfFile(file: string): string {
  const name = file.replace(/\.json$/, '');
  return LAZY_PARTS.includes(name) ? name : name.split('.')[0]!;
}

/** The chunks of a language's catalogues: its namespaces and lazy parts. */
export function chunksOf(locale: Locale, dir = CATALOGUES_DIR): string[] {
  return [...new Set(filesOf(locale, dir).map(chunkOfFile))].sort();
}

/** One chunk's messages as written: a lazy part's file, or a namespace's files but its lazy parts'. */
export function readChunk(locale: Locale, chunk: string, dir = CATALOGUES_DIR): SourceCatalogue {
  const merged: SourceCatalogue = {};
  for (const file of filesOf(locale, dir).filter((file) => chunkOfFile(file) === chunk)) {
    Object.assign(merged, readFile(join(dir, locale, file)));
  }
  return merged;
}

function filesOf(locale: Locale, dir: string): string[] {
  const folder = join(dir, locale);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort();
}

/** A catalogue file's messages, checked to be an object of strings. */
function readFile(file: string): SourceCatalogue {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(`${file}: not an object of messages`);
  for (const [id, message] of Object.entries(parsed)) {
    if (typeof message !== 'string') throw new Error(`${file}: the message ${id} is not a string`);
  }
  return parsed as SourceCatalogue;
}

/** One namespace of a language, as written (all its files); `{}` when it has none. Throws on an id written twice. */
export function readNamespace(locale: Locale, namespace: string, dir = CATALOGUES_DIR): SourceCatalogue {
  const merged: SourceCatalogue = {};
  for (const file of filesOf(locale, dir).filter((file) => file.split('.')[0] === namespace)) {
    for (const [id, message] of Object.entries(readFile(join(dir, locale, file)))) {
      if (id in merged) throw new Error(`${locale}/${file}: ${id} is written twice in ${namespace}`);
      merged[id] = message;
    }
  }
  return merged;
}

/** A language's messages of the namespaces `include` keeps, merged. */
export function readCatalogue(locale: Locale, include: (namespace: string) => boolean, dir = CATALOGUES_DIR): SourceCatalogue {
  const merged: SourceCatalogue = {};
  for (const namespace of namespacesOf(locale, dir).filter(include)) Object.assign(merged, readNamespace(locale, namespace, dir));
  return merged;
}

/** Throws with the message's id when a message does not parse. */
export function compileCatalogue(source: SourceCatalogue, mapText?: (text: string) => string): CompiledCatalogue {
  const compiled: CompiledCatalogue = {};
  for (const [id, message] of Object.entries(source)) {
    let tokens: CompiledMessage;
    try {
      tokens = compileMessageOrThrow(message, mapText);
    } catch (error) {
      throw new Error(`The message ${id} does not parse: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    compiled[id] = tokens;
  }
  return compiled;
}

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdeghiklnorstuwyzABCDEGHIKLNORSTUWYZ'].map((letter, i) => [letter, [...'åƀçđéğĥîķļñöŕšţûŵýžÅƁÇĐÉĞĤÎĶĻÑÖŔŠŢÛŴÝŽ'][i]!]),
);

/** English as the pseudo-locale writes it: every letter it can accented ("Šéŕîéš"), tags for richText left whole. */
export const accentText = (text: string) =>
  text.replace(/<\/?\w+>|[a-zA-Z]/g, (found) => (found.length === 1 ? (ACCENTED[found] ?? found) : found));

/**
 * The pseudo-locale (`en-XA`): English accented, in brackets, and a third longer, so a string left
 * out of the catalogues stands out as plain English and a layout too tight for longer languages breaks.
 */
export function pseudoCatalogue(english: SourceCatalogue): CompiledCatalogue {
  const compiled = compileCatalogue(english, accentText);
  for (const [id, message] of Object.entries(english)) {
    const room = '·'.repeat(Math.max(1, Math.ceil(message.length * 0.3) - 2));
    compiled[id] = ['[', ...compiled[id]!, ` ${room}]`];
  }
  return compiled;
}

/** A language's compiled messages of the namespaces `include` keeps (the pseudo-locale made from English). */
export function compiledMessages(
  locale: InterfaceLocale,
  include: (namespace: string) => boolean,
  dir = CATALOGUES_DIR,
): CompiledCatalogue {
  if (locale === PSEUDO_LOCALE) return pseudoCatalogue(readCatalogue('en', include, dir));
  return compileCatalogue(readCatalogue(locale, include, dir));
}

/** One chunk's compiled messages in a language (the build's chunk of a namespace or a lazy part). */
export function compiledChunk(locale: InterfaceLocale, chunk: string, dir = CATALOGUES_DIR): CompiledCatalogue {
  if (locale === PSEUDO_LOCALE) return pseudoCatalogue(readChunk('en', chunk, dir));
  return compileCatalogue(readChunk(locale, chunk, dir));
}
