/**
 * The JavaScript a page needs before it works (issue 18 §2: ≤ 120 kB gzip to open a chapter): the
 * app's entry with every chunk it imports, and the lazy route chunks the page's routes load before
 * the app hydrates (router.tsx, loadLazyRoutesOf), each with its own imports. Chunks the page
 * fetches later (comments as they come near, a settings panel as it opens, the parts kept for when
 * the browser is idle) are listed apart. Read from the client build's manifest (apps/web/dist/.vite).
 *
 * `npm run bench:js` prints it for home, series and reader; `npm run bench` prints the reader's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The lazy route modules each measured page loads before hydrating (apps/web/src/app/router.tsx). */
export const PAGE_ROUTE_MODULES = {
  home: ['src/app/home.tsx'],
  series: ['src/features/catalogue/pages/series-page.tsx'],
  reader: ['src/features/reader/reader-page.tsx'],
} satisfies Record<string, string[]>;

/** The English messages' chunks (vite.config.ts, interfaceMessages): `common`, and one per namespace or lazy part. */
const PAGE_MESSAGES = /^virtual:inkwell-messages\/en(?:\/[\w.-]+)?$/;

/** Issue 18 §2. */
export const READER_JAVASCRIPT_GOAL_KB = 120;
/**
 * What `npm test` holds the reader to (`--check`): today's weight with a little room, lowered as it
 * is cut. 153 since issue 22: previewing as another viewer lives in the session and the API client
 * every page loads (152.5 kB, after the dashboard's menu icons left the first chunk). 158 since
 * issue 33: the paywall's free ladder and its badges, the rental notice, reader themes over the
 * whole page and a novel's reading time measured 157.0 kB; 159 since issue 33 §14's light theme,
 * whose choice in the footer costs 0.4 kB though it is drawn, and its code fetched, after hydrating
 * (158.0 kB with the rest of issue 33). 168 since issue 35: the page's words moved into its language's
 * catalogues, which load before it works and are counted here (`common` 3.6 kB, `reader` 2.4 kB),
 * with Lingui's runtime (1.6 kB): 167.1 kB. 164 since: the words of the parts a chapter does not draw
 * as it opens (the lock panel, the settings, the top bar's menus, the chapter-selling parts) load
 * with those parts (LAZY_PARTS: `common` 2.1 kB, `reader` 1.1 kB), and the browser reads compiled
 * messages with message-runtime.ts instead of Lingui's runtime (0.4 kB): 163.1 kB. Back to 159 since
 * (158.7 kB; home 152.6, series 157.5), by code: the dashboard's routes fetched as the browser goes
 * there, the team's endpoints out of the first table, the search panel, the toasts, a series' bulk
 * unlock, a rental's buying and the adult gate drawn lazily, and only the icons a page draws in its
 * first chunks. Home and the series page are held to it too. 161 since issue 38 (160.1 kB against
 * 159.0 at f84885a; home 153.9, series 160.0): the readers' endpoint table gains memberships and
 * payouts (+0.4), money is written with each currency's own digits (a chunk of 0.3), and a member's
 * early chapters in the reader and the shared code (+0.2). 162.5 since issue 39 (reader 162.1 against
 * 160.9 at 7fb9dea; series 160.9, home 154.6): the reader asks for each device's place (+0.6 in its
 * page chunk, the prompt itself lazy), resolves its settings from the account and the series (+0.5)
 * and holds the slots of three parts drawn as the reader comes near (+0.3); the endpoints only later
 * screens call left the first table for 0.6 back (apps/web/src/lib/later-endpoints.ts). 162 since
 * issue 40 (reader 161.5 kB; series 160.4, home 154.0): React Router's production build, without its
 * warnings (0.6). The framework chunk was 106 kB of it, react-dom's client ~61. 106 since the
 * browser runs Preact's compat layer, drawing over the server's markup (decision 0048): reader
 * 104.6 kB, series 103.4, home 97.1; under the 120 kB goal with its words.
 */
export const READER_JAVASCRIPT_BUDGET_KB = 106;

export interface PageJavaScript {
  /** Each chunk loaded before the page works, with its size and gzip size (level 9, as the build's .gz twins). */
  chunks: { file: string; bytes: number; gzip: number }[];
  bytes: number;
  gzip: number;
  /** Chunks these import lazily, fetched later if at all. */
  later: { file: string; gzip: number }[];
}

export const webDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

export function readManifest(dist = webDist): Manifest | undefined {
  const path = join(dist, '.vite', 'manifest.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Manifest) : undefined;
}

export function pageJavaScript(manifest: Manifest, routeModules: string[], dist = webDist): PageJavaScript {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error('the web build has no entry in its manifest');
  const loaded = new Set<string>();
  const visit = (key: string) => {
    if (loaded.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the web build's manifest`);
    loaded.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry[0]);
  for (const module of routeModules) visit(module);
  // The page's words (issue 35): its language's `common` messages and its features' namespaces load
  // before it works, as lazy chunks; English stands for every language here.
  for (const key of [...loaded]) {
    for (const lazy of manifest[key]!.dynamicImports ?? []) if (PAGE_MESSAGES.test(lazy)) visit(lazy);
  }

  const gzipOf = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const chunks = [...loaded].map((key) => {
    const { file } = manifest[key]!;
    return { file, bytes: readFileSync(join(dist, file)).length, gzip: gzipOf(file) };
  });
  // Other routes' pages and layouts are not this page's; the rest (comments, panels) are.
  const isRoute = (key: string) => /(?:-page|layouts\/[\w-]+)\.tsx$/.test(key);
  const later = new Set<string>();
  for (const key of loaded) {
    for (const lazy of manifest[key]!.dynamicImports ?? [])
      if (!loaded.has(lazy) && !isRoute(lazy)) later.add(manifest[lazy]!.file);
  }
  return {
    chunks,
    bytes: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0),
    gzip: chunks.reduce((sum, chunk) => sum + chunk.gzip, 0),
    later: [...later].map((file) => ({ file, gzip: gzipOf(file) })),
  };
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

export function describePageJavaScript(name: string, js: PageJavaScript, { detail = false } = {}): string {
  const lines = [`${name} JavaScript to open the page: ${kB(js.bytes)}, ${kB(js.gzip)} gzip (${js.chunks.length} files)`];
  if (detail) {
    for (const chunk of [...js.chunks].sort((a, b) => b.gzip - a.gzip)) {
      lines.push(`  ${kB(chunk.gzip).padStart(9)} gzip  ${chunk.file}`);
    }
  }
  return lines.join('\n');
}

/** The reader page's line in `npm run bench`. */
export function printReaderJavaScript(): void {
  const manifest = readManifest();
  if (!manifest) {
    console.log('Reader JavaScript: skipped (run npm run build first)\n');
    return;
  }
  const js = pageJavaScript(manifest, PAGE_ROUTE_MODULES.reader);
  console.log(`${describePageJavaScript('Reader', js)}; goal ≤ ${READER_JAVASCRIPT_GOAL_KB} kB gzip (issue 18 §2)\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const manifest = readManifest();
  if (!manifest) {
    console.error('No web build: run npm run build first');
    process.exit(1);
  }
  // npm test: each page's weight against the budget, a line each.
  if (process.argv.includes('--check')) {
    let isOver = false;
    for (const [name, modules] of Object.entries(PAGE_ROUTE_MODULES)) {
      const js = pageJavaScript(manifest, modules);
      isOver ||= js.gzip > READER_JAVASCRIPT_BUDGET_KB * 1024;
      console.log(`${describePageJavaScript(name, js)}; budget ${READER_JAVASCRIPT_BUDGET_KB} kB`);
    }
    console.log(`goal for the reader ${READER_JAVASCRIPT_GOAL_KB} kB (issue 18 §2)`);
    if (isOver) console.error(`✖ over the budget: see npm run bench:js for each file`);
    process.exit(isOver ? 1 : 0);
  }
  for (const [name, modules] of Object.entries(PAGE_ROUTE_MODULES)) {
    const js = pageJavaScript(manifest, modules);
    console.log(describePageJavaScript(name, js, { detail: true }));
    if (js.later.length > 0)
      console.log(`  fetched later, when needed: ${js.later.map((c) => `${c.file} (${kB(c.gzip)})`).join(', ')}`);
    if (name === 'reader') console.log(`  goal ≤ ${READER_JAVASCRIPT_GOAL_KB} kB gzip (issue 18 §2)`);
    console.log('');
  }
}
