// Fails when the web app's own modules import each other in a cycle (issue 7 §3). Part of
// `npm run lint`. It builds the graph of apps/web/src from every relative import, export-from and
// dynamic import() (type-only ones included: a cycle of types is still two modules that cannot be
// understood apart), and reports each strongly connected group of files.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIRS = [join(ROOT, 'apps/web/src')];
const EXTENSIONS = ['.ts', '.tsx'];

function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listFiles(path);
    return EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from, specifier, known) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => join(base, `index${ext}`))]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

/** Every module specifier a file names: static imports and re-exports, and import() calls. */
function specifiersOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Tarjan's strongly connected components; a component of more than one file is a cycle. */
function cyclesOf(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const connect = (node) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)) {
      if (!indexOf.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), indexOf.get(next)));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node).has(node)) cycles.push(component);
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) connect(node);
  return cycles;
}

const files = SOURCE_DIRS.flatMap(listFiles);
const known = new Set(files);
const graph = new Map(files.map((file) => [file, new Set()]));
for (const file of files) {
  for (const specifier of specifiersOf(file)) {
    const target = resolveImport(file, specifier, known);
    if (target) graph.get(file).add(target);
  }
}

const cycles = cyclesOf(graph);
if (cycles.length > 0) {
  for (const cycle of cycles) {
    process.stderr.write(`Import cycle between:\n${cycle.map((file) => `  ${relative(ROOT, file)}`).join('\n')}\n`);
  }
  process.stderr.write(`\n✖ ${cycles.length} import cycle(s) in the web app: move what both sides need into a module both can import.\n`);
  process.exit(1);
}
process.stdout.write(`No import cycles among ${files.length} web modules.\n`);
