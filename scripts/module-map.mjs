// The server's module map in docs/ARCHITECTURE.md, drawn from the import graph (issue 34 §4): each
// module of apps/server/src/modules, grouped by area, with the modules whose front doors it imports.
// `node scripts/module-map.mjs` rewrites the table between the markers; `--check` (part of
// `npm run lint`) fails when the doc's table differs from the code. Test files are left out, as
// check-import-cycles.mjs leaves them: they may reach into any module.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fileGraph, isTestFile, moduleGraph } from './lint/import-graph.mjs';

/** Every module's area, in the doc's order; each area has its page, docs/areas/<area>.md. */
export const AREAS = {
  identity: ['access', 'auth', 'device-keys', 'two-factor', 'users'],
  catalogue: ['banners', 'catalogue', 'chapters', 'genres', 'search', 'series'],
  money: ['payments', 'payouts', 'subscriptions', 'wallet'],
  reading: ['comments', 'library', 'notifications'],
  'reading-apps': ['downloads', 'feeds', 'koreader', 'opds', 'opds2'],
  team: ['admin-users', 'announcements', 'audit', 'metrics', 'site-config'],
  platform: ['ads', 'jobs', 'mail', 'media', 'push', 'seo'],
};

export const START = '<!-- module-map:start -->';
export const END = '<!-- module-map:end -->';

/**
 * The markdown table of a module graph (`module → modules it imports`), grouped by area. Throws when
 * a module has no area, or an area names a module that is not there, so a new module must be placed.
 */
export function renderModuleMap(graph, areas = AREAS) {
  const areaOf = new Map(Object.entries(areas).flatMap(([area, modules]) => modules.map((name) => [name, area])));
  const unplaced = [...graph.keys()].filter((name) => !areaOf.has(name)).sort();
  if (unplaced.length > 0)
    throw new Error(`No area for module(s) ${unplaced.join(', ')}: add each to AREAS in scripts/module-map.mjs.`);
  const gone = [...areaOf.keys()].filter((name) => !graph.has(name)).sort();
  if (gone.length > 0) throw new Error(`AREAS in scripts/module-map.mjs names module(s) that are not there: ${gone.join(', ')}.`);
  const rows = Object.entries(areas).flatMap(([area, modules]) =>
    [...modules].sort().map((name, index) => {
      const uses = [...graph.get(name)].sort();
      const cell = uses.map((used) => (areaOf.get(used) === area ? used : `${used} (${areaOf.get(used)})`)).join(', ');
      return `| ${index === 0 ? `[${area}](areas/${area}.md)` : ''} | \`${name}\` | ${cell || '—'} |`;
    }),
  );
  return ['| area | module | imports the front door of |', '|---|---|---|', ...rows].join('\n');
}

/** The document with `table` between the markers; throws when the markers are missing. */
export function withModuleMap(doc, table) {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end < start) throw new Error(`The document has no ${START} … ${END} markers.`);
  return `${doc.slice(0, start + START.length)}\n${table}\n${doc.slice(end)}`;
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const docPath = join(root, 'docs/ARCHITECTURE.md');
  const doc = readFileSync(docPath, 'utf8');
  const table = renderModuleMap(moduleGraph(fileGraph(join(root, 'apps/server/src/modules'), isTestFile)));
  const next = withModuleMap(doc, table);
  if (!process.argv.includes('--check')) {
    writeFileSync(docPath, next);
    process.stdout.write('docs/ARCHITECTURE.md: module map written.\n');
  } else if (next !== doc) {
    process.stderr.write(
      "✖ The module map in docs/ARCHITECTURE.md differs from the server modules' imports: run `node scripts/module-map.mjs` and commit the result.\n",
    );
    process.exit(1);
  } else {
    process.stdout.write("The module map in docs/ARCHITECTURE.md matches the server modules' imports.\n");
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    main();
  } catch (error) {
    process.stderr.write(`✖ ${error.message}\n`);
    process.exit(1);
  }
}
