// The build's virtual modules made from the contract: the interface's messages, compiled per
// language and namespace, and the endpoint table in the parts the API client loads (vite.config.ts).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type * as CatalogueModule from '@inkwell/contract/message-catalogues';

type Catalogues = typeof CatalogueModule;

const MESSAGES_PREFIX = 'virtual:inkwell-messages/';
const NAMESPACE_PREFIX = 'virtual:inkwell-namespace/';
/** The interface's languages and the pseudo-locale (packages/contract/src/locales.ts). */
const INTERFACE_LOCALES = ['en', 'pt-BR', 'es', 'en-XA'];

/** The contract's catalogue compiler: TypeScript, which Node loads here through tsx (vite.config.ts is bundled). */
const catalogues = () => tsImport('@inkwell/contract/message-catalogues', import.meta.url) as Promise<Catalogues>;

/**
 * Issue 35 §1, decision 0038: each interface language's messages, compiled at build time into
 * chunks of their own, so a reader loads only theirs and the browser never parses ICU:
 * - `virtual:inkwell-messages/<locale>`: the `common` namespace, which every page loads first;
 * - `virtual:inkwell-messages/<locale>/<namespace>`: one feature's, loaded with its pages
 *   (through `virtual:inkwell-namespace/<namespace>`, which names its chunk in each language);
 * - `virtual:inkwell-messages/<locale>/<part>`: a lazy part's (`reader.lock`, LAZY_PARTS in the
 *   contract), loaded with the part's code and left out of its namespace's chunk;
 * - `virtual:inkwell-messages/<locale>/all`: every namespace of the web app (the server's renders, tests).
 * The server's own namespaces (e-mails, pushes) are never sent.
 */
export function interfaceMessages(): Plugin {
  return {
    name: 'inkwell-interface-messages',
    resolveId: (id) => (id.startsWith(MESSAGES_PREFIX) || id.startsWith(NAMESPACE_PREFIX) ? `\0${id}` : null),
    async load(id) {
      if (id.startsWith(`\0${NAMESPACE_PREFIX}`)) {
        const namespace = id.slice(`\0${NAMESPACE_PREFIX}`.length);
        const loaders = INTERFACE_LOCALES.map(
          (locale) => `${JSON.stringify(locale)}: () => import(${JSON.stringify(`${MESSAGES_PREFIX}${locale}/${namespace}`)})`,
        );
        return `export default { ${loaders.join(', ')} };`;
      }
      if (!id.startsWith(`\0${MESSAGES_PREFIX}`)) return null;
      const { CATALOGUES_DIR, chunksOf, compiledChunk, compiledMessages, isWebNamespace } = await catalogues();
      const [locale = '', chunk = 'common'] = id.slice(`\0${MESSAGES_PREFIX}`.length).split('/');
      if (!INTERFACE_LOCALES.includes(locale)) throw new Error(`No interface language ${locale}`);
      if (chunk !== 'all' && (!isWebNamespace(chunk.split('.')[0]!) || !chunksOf('en').includes(chunk))) {
        throw new Error(`No web namespace or lazy part ${chunk} in ${CATALOGUES_DIR}/en`);
      }
      // Edits to a catalogue rebuild its language in development.
      for (const file of readdirSync(CATALOGUES_DIR, { recursive: true, encoding: 'utf8' })) {
        if (file.endsWith('.json')) this.addWatchFile(join(CATALOGUES_DIR, file));
      }
      const language = locale as Parameters<typeof compiledMessages>[0];
      const messages = chunk === 'all' ? compiledMessages(language, isWebNamespace) : compiledChunk(language, chunk);
      // A JSON string is parsed faster than the same object written as code.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(messages))});`;
    },
  };
}

const ENDPOINTS_PREFIX = 'virtual:inkwell-endpoints/';
/** The contract's endpoint table (packages/contract/src/routes.ts), loaded through tsx as the catalogues are. */
const endpointTableFile = fileURLToPath(new URL('../../../packages/contract/src/routes.ts', import.meta.url));
const laterEndpointsFile = fileURLToPath(new URL('../src/lib/later-endpoints.ts', import.meta.url));

/**
 * The contract's endpoint table (ROUTES: each endpoint's method, path and access) in three parts
 * for the browser's API client (src/lib/api-client.ts): `virtual:inkwell-endpoints/reader`, the
 * public and signed-in readers' endpoints, which every page's first chunk holds;
 * `virtual:inkwell-endpoints/later`, the readers' endpoints only later screens call
 * (src/lib/later-endpoints.ts); and `virtual:inkwell-endpoints/team`, the team's and admin's, which
 * only the dashboard calls (issue 35: about 1 kB gzip off every page). The last two load with the
 * first call to one. Each with what the client reads of it: method, path and access.
 */
export function endpointTables(): Plugin {
  return {
    name: 'inkwell-endpoint-tables',
    resolveId: (id) => (id.startsWith(ENDPOINTS_PREFIX) ? `\0${id}` : null),
    async load(id) {
      if (!id.startsWith(`\0${ENDPOINTS_PREFIX}`)) return null;
      const part = id.slice(`\0${ENDPOINTS_PREFIX}`.length);
      if (part !== 'reader' && part !== 'later' && part !== 'team')
        throw new Error(`No endpoint table ${part} (reader, later or team)`);
      this.addWatchFile(endpointTableFile);
      this.addWatchFile(laterEndpointsFile);
      const { LATER_ENDPOINTS } = (await tsImport(pathToFileURL(laterEndpointsFile).href, import.meta.url)) as {
        LATER_ENDPOINTS: readonly string[];
      };
      const { ROUTES } = (await tsImport(pathToFileURL(endpointTableFile).href, import.meta.url)) as {
        ROUTES: Record<string, { method: string; path: string; access: string }>;
      };
      const later = new Set<string>(LATER_ENDPOINTS);
      const partOf = (name: string, access: string) =>
        access === 'team' || access === 'admin' ? 'team' : later.has(name) ? 'later' : 'reader';
      const table = Object.fromEntries(
        Object.entries(ROUTES)
          .filter(([name, route]) => partOf(name, route.access) === part)
          .map(([name, { method, path, access }]) => [name, { method, path, access }]),
      );
      return `export default ${JSON.stringify(table)};`;
    },
  };
}
