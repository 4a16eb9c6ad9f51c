// The server's module map in docs/ARCHITECTURE.md, drawn from the import graph (issue 34 §4): each
// module of apps/server/src/modules/<area>/, grouped by area, with the modules whose front doors it imports.
// `node scripts/module-map.mjs` rewrites the table between the markers; `--check` (part of
// `npm run lint`) fails when the doc's table differs from the code. Test files are left out, as
// check-import-cycles.mjs leaves them: they may reach into any module.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fileGraph, isTestFile, moduleGraph } from './lint/import-graph.mjs';

/** The areas in the doc's order: each is a folder of apps/server/src/modules, with its CONTEXT.md. */
export const AREA_ORDER = ['identity', 'catalogue', 'money', 'reading', 'reading-apps', 'team', 'platform'];

/** Each area's modules, read from the folders (modules/<area>/<module>/); throws on an area not in the order. */
export function areasOf(modulesDir, order = AREA_ORDER) {
  const folders = (dir) =>
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  const found = folders(modulesDir);
  const unknown = found.filter((area) => !order.includes(area));
  if (unknown.length > 0) throw new Error(`Area folder(s) ${unknown.join(', ')} not in AREA_ORDER of scripts/module-map.mjs.`);
  return Object.fromEntries(order.filter((area) => found.includes(area)).map((area) => [area, folders(join(modulesDir, area))]));
}

export const START = '<!-- module-map:start -->';
export const END = '<!-- module-map:end -->';

/**
 * The markdown table of a module graph (`module → modules it imports`), grouped by area. Throws when
 * a module has no area, or an area names a module that is not there, so a new module must be placed.
 */
export function renderModuleMap(graph, areas) {
  const areaOf = new Map(Object.entries(areas).flatMap(([area, modules]) => modules.map((name) => [name, area])));
  const unplaced = [...graph.keys()].filter((name) => !areaOf.has(name)).sort();
  if (unplaced.length > 0)
    throw new Error(`No area for module(s) ${unplaced.join(', ')}: move each into an area folder of apps/server/src/modules.`);
  const gone = [...areaOf.keys()].filter((name) => !graph.has(name)).sort();
  if (gone.length > 0) throw new Error(`An area names module(s) with no code, not there: ${gone.join(', ')}.`);
  const rows = Object.entries(areas).flatMap(([area, modules]) =>
    [...modules].sort().map((name, index) => {
      const uses = [...graph.get(name)].sort();
      const cell = uses.map((used) => (areaOf.get(used) === area ? used : `${used} (${areaOf.get(used)})`)).join(', ');
      return `| ${index === 0 ? `[${area}](../apps/server/src/modules/${area}/CONTEXT.md)` : ''} | \`${name}\` | ${cell || '—'} |`;
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
  const modulesDir = join(root, 'apps/server/src/modules');
  const table = renderModuleMap(moduleGraph(fileGraph(modulesDir, isTestFile)), areasOf(modulesDir));
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
