/// <reference types="node" />
// The catalogue check (issue 35 §1): every language has every message the code uses, and nothing
// else; every message parses; translations fill the same arguments as English. Part of `npm test`.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';
import {
  CATALOGUES_DIR,
  LAZY_PARTS,
  accentText,
  chunksOf,
  compileCatalogue,
  isWebNamespace,
  namespacesOf,
  pseudoCatalogue,
  readCatalogue,
  readChunk,
  readNamespace,
  type CompiledCatalogue,
} from './message-catalogues';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/**
 * Where messages are used: the web app, the server (e-mails, pushes, feeds, its errors'
 * `apiErrors.*`) and the contract (its schemas' `validation.*` messages, decision 0040).
 */
const SOURCE_DIRS = ['apps/web/src', 'apps/server/src', 'packages/contract/src'].map((dir) => join(ROOT, dir));

const everything = () => true;
const english = readCatalogue('en', everything);
const namespaces = namespacesOf('en');
/** Which chunk a browser loads each id with: its namespace's, or its lazy part's. */
const chunkOfId = new Map(
  chunksOf('en').flatMap((chunk) => Object.keys(readChunk('en', chunk)).map((id) => [id, chunk] as const)),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The server's job names, as its jobs' table declares them (`'mail.send': {…}`): queue names that
 * may start like an id of the server's namespaces (mail, push), never message ids.
 */
const JOB_NAMES = new Set(
  [...readFileSync(join(ROOT, 'apps/server/src/modules/platform/jobs/jobs.ts'), 'utf8').matchAll(/^ {2}'([\w.-]+)': /gm)].map(
    (match) => match[1]!,
  ),
);

/**
 * The server's domain event names, as lib/domain-events.ts declares them (`userEvent('library.changed')`,
 * `z.literal('series.changed')`): facts about the data that may start like a namespace (library),
 * never message ids.
 */
const EVENT_NAMES = new Set(
  [
    ...readFileSync(join(ROOT, 'apps/server/src/lib/domain-events.ts'), 'utf8').matchAll(
      /(?:userEvent|z\.literal)\('([\w.-]+)'\)/g,
    ),
  ].map((match) => match[1]!),
);

/**
 * The ids the code names: every quoted string that is an id of one of our namespaces
 * (`t('reader.lock.title')`, or a map of ids a component picks from). Ids are never built from
 * pieces, so this finds them all. Their segments are camelCase, so a hyphenated or snake_case name that merely
 * starts like one (the server's job 'store.stripe-event', its audit action 'auth.two_factor_enabled')
 * is not taken for an id.
 */
function idsInCode(): Map<string, string> {
  const pattern = new RegExp(`(['"\`])((?:${namespaces.join('|')})\\.[A-Za-z0-9.]+)\\1`, 'g');
  const found = new Map<string, string>();
  // The catalogues' own reader names ids only in its comments' examples.
  for (const file of SOURCE_DIRS.flatMap(sourceFiles).filter((file) => !file.endsWith('message-catalogues.ts'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      if (JOB_NAMES.has(match[2]!) || EVENT_NAMES.has(match[2]!)) continue;
      if (!found.has(match[2]!)) found.set(match[2]!, file.slice(ROOT.length));
    }
  }
  return found;
}

/** The arguments a compiled message fills, sorted. */
function argumentsOf(message: CompiledMessage): string[] {
  const names = new Set<string>();
  const visit = (tokens: unknown) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, , format] = token as [string, string?, unknown?];
      names.add(name);
      if (format && typeof format === 'object') for (const choice of Object.values(format)) visit(choice);
    }
  };
  visit(message);
  return [...names].sort();
}

describe('message catalogues', () => {
  it('are written for every language, namespace by namespace', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    for (const locale of LOCALES) expect(namespacesOf(locale), locale).toEqual(namespaces);
  });

  it('keep each id in its namespace’s file', () => {
    for (const locale of LOCALES) {
      for (const namespace of namespaces) {
        const strays = Object.keys(readNamespace(locale, namespace)).filter((id) => !id.startsWith(`${namespace}.`));
        expect(strays, `${locale}/${namespace}.json`).toEqual([]);
      }
    }
  });

  it('keep in every language the lazy parts English keeps, each with the same messages', () => {
    expect(LAZY_PARTS.filter((part) => !chunksOf('en').includes(part))).toEqual([]);
    for (const locale of LOCALES) {
      expect(chunksOf(locale), locale).toEqual(chunksOf('en'));
      for (const chunk of chunksOf('en')) {
        expect(Object.keys(readChunk(locale, chunk)).sort(), `${locale}: ${chunk}`).toEqual(
          Object.keys(readChunk('en', chunk)).sort(),
        );
      }
    }
  });

  it('have in every language exactly the messages English has', () => {
    const ids = Object.keys(english).sort();
    for (const locale of LOCALES) {
      const theirs = Object.keys(readCatalogue(locale, everything));
      expect(
        ids.filter((id) => !theirs.includes(id)),
        `missing in ${locale}`,
      ).toEqual([]);
      expect(
        theirs.filter((id) => !(id in english)),
        `only in ${locale}`,
      ).toEqual([]);
    }
  });

  it('make the pseudo-locale accented, a third longer, with richText’s tags left whole', () => {
    expect(accentText('Read <link>the terms</link> now')).toBe('Ŕéåđ <link>ţĥé ţéŕmš</link> ñöŵ');
    const [message] = Object.values(pseudoCatalogue({ 'x.y': 'Unlock for {coins} coins' }));
    expect(message).toEqual(['[', 'Ûñļöçķ föŕ ', ['coins'], ' çöîñš', ' ······]']);
  });

  it('parse, in every language and the pseudo-locale', () => {
    for (const locale of LOCALES) expect(() => compileCatalogue(readCatalogue(locale, everything)), locale).not.toThrow();
    expect(() => pseudoCatalogue(english)).not.toThrow();
  });

  it('fill in every language the arguments English fills', () => {
    const englishCompiled = compileCatalogue(english);
    for (const locale of LOCALES.filter((locale) => locale !== 'en')) {
      const compiled: CompiledCatalogue = compileCatalogue(readCatalogue(locale, everything));
      const differing = Object.keys(englishCompiled).filter(
        (id) => compiled[id] !== undefined && argumentsOf(compiled[id]!).join() !== argumentsOf(englishCompiled[id]!).join(),
      );
      expect(differing, locale).toEqual([]);
    }
  });

  it("are loaded by every web file that says a feature's words, through the feature's messages module", () => {
    // `common` comes with every page; a feature's namespace comes with its `features/<namespace>/messages.ts`;
    // a lazy part's words with the one module that imports `virtual:inkwell-namespace/<part>`.
    const webSrc = SOURCE_DIRS[0]!;
    const pattern = new RegExp(`(['"\`])((?:${namespaces.join('|')})\\.[A-Za-z0-9_.-]+)\\1`, 'g');
    const unloaded: string[] = [];
    const partLoaders = new Map<string, string[]>();
    for (const file of sourceFiles(webSrc)) {
      const loaded = /['"]virtual:inkwell-namespace\/([\w.-]+)['"]/.exec(readFileSync(file, 'utf8'))?.[1];
      if (loaded && LAZY_PARTS.includes(loaded)) partLoaders.set(loaded, [...(partLoaders.get(loaded) ?? []), file]);
    }
    for (const part of LAZY_PARTS) {
      if (partLoaders.get(part)?.length !== 1)
        unloaded.push(`${part} is loaded by ${partLoaders.get(part)?.length ?? 0} modules, not one`);
    }
    for (const file of sourceFiles(webSrc)) {
      const source = readFileSync(file, 'utf8');
      const used = new Set([...source.matchAll(pattern)].map((match) => chunkOfId.get(match[2]!) ?? match[2]!.split('.')[0]!));
      const imported = new Set(
        [...source.matchAll(/(?:from|import)\s+['"](\.[^'"]+)['"]/g)].map((match) => resolve(dirname(file), match[1]!)),
      );
      for (const namespace of used) {
        if (namespace === 'common') continue;
        if (LAZY_PARTS.includes(namespace)) {
          const module = partLoaders.get(namespace)?.[0]?.replace(/\.ts$/, '');
          if (module && file !== `${module}.ts` && !imported.has(module)) {
            unloaded.push(`${file.slice(ROOT.length)} says ${namespace}'s words without importing ${module.slice(ROOT.length)}`);
          }
          continue;
        }
        const module = join(webSrc, 'features', namespace, 'messages');
        if (!isWebNamespace(namespace)) unloaded.push(`${file.slice(ROOT.length)} says the server's ${namespace}.*`);
        else if (file !== `${module}.ts` && !imported.has(module)) {
          unloaded.push(`${file.slice(ROOT.length)} says ${namespace}.* without importing features/${namespace}/messages`);
        }
      }
    }
    expect(unloaded).toEqual([]);
  });

  it('hold every message the code uses, and none it does not', () => {
    const used = idsInCode();
    const missing = [...used].filter(([id]) => !(id in english)).map(([id, file]) => `${id} (${file})`);
    expect(missing, 'used in the code but in no catalogue').toEqual([]);
    expect(
      Object.keys(english).filter((id) => !used.has(id)),
      `in ${CATALOGUES_DIR}/en but used nowhere`,
    ).toEqual([]);
  });
});
