// The import graph of a source tree, and its cycles: used by scripts/check-import-cycles.mjs
// (part of `npm run lint`) and by its tests against fixture trees.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx'];

export function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listFiles(path);
    return EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from, specifier, known) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
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
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
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

/**
 * The file graph of a tree (type-only imports included: a cycle of types is still two modules
 * that cannot be understood apart). `skip` leaves files out (tests, which may reach anywhere).
 */
export function fileGraph(dir, skip = () => false) {
  const files = listFiles(resolve(dir)).filter((file) => !skip(file));
  const known = new Set(files);
  const graph = new Map(files.map((file) => [file, new Set()]));
  for (const file of files) {
    for (const specifier of specifiersOf(file)) {
      const target = resolveImport(file, specifier, known);
      if (target) graph.get(file).add(target);
    }
  }
  return graph;
}

/** Tarjan's strongly connected components; a component of more than one node is a cycle. */
export function cyclesOf(graph) {
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
      if (component.length > 1 || graph.get(node).has(node)) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) connect(node);
  return cycles;
}

/** The graph of the server's modules: `a → b` when a file of modules/<area>/a imports one of modules/<area>/b. */
export function moduleGraph(files) {
  const moduleOf = (file) => {
    const marker = `${sep}modules${sep}`;
    const at = file.lastIndexOf(marker);
    const parts = at === -1 ? [] : file.slice(at + marker.length).split(sep);
    return parts.length >= 3 ? parts[1] : null;
  };
  const graph = new Map();
  for (const [file, targets] of files) {
    const from = moduleOf(file);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const target of targets) {
      const to = moduleOf(target);
      if (to && to !== from) {
        graph.get(from).add(to);
        if (!graph.has(to)) graph.set(to, new Set());
      }
    }
  }
  return graph;
}

export const isTestFile = (file) => /\.test\.tsx?$/.test(file);

/** Every cycle of a tree: between files, and (when it has modules/) between modules. */
export function findCycles(dir, root = dir) {
  const files = fileGraph(dir, isTestFile);
  return {
    fileCount: files.size,
    files: cyclesOf(files).map((cycle) => cycle.map((file) => relative(root, file))),
    modules: cyclesOf(moduleGraph(files)),
  };
}
