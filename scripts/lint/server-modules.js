import { dirname, resolve, sep } from 'node:path';

/**
 * The server's layers (issue 17, docs/ARCHITECTURE.md): the entry points (app.ts, main.ts,
 * bootstrap.ts, cli/, demo/) compose plugins and modules; plugins/ use modules; a module uses
 * other modules through their front door (`modules/<area>/<name>/index.ts`) and lib/, db/ and config.ts;
 * lib/, db/ and config.ts know no module, plugin or entry point.
 */
const ENTRY_FILES = new Set(['app.ts', 'main.ts', 'bootstrap.ts']);
const ENTRY_DIRS = new Set(['cli', 'demo']);
const BASE_LAYERS = new Set(['lib', 'db', 'config']);
const SRC_MARK = `${sep}apps${sep}server${sep}src${sep}`;
const BENCH_MARK = `${sep}apps${sep}server${sep}bench${sep}`;

/** Where a file of the server sits: { layer, module?, inner? }, or null outside apps/server/src. */
export function serverPlace(file) {
  // The benches compose the server from outside, as its entry points do.
  if (file.includes(BENCH_MARK)) return { layer: 'entry' };
  const at = file.lastIndexOf(SRC_MARK);
  if (at === -1) return null;
  const parts = file.slice(at + SRC_MARK.length).split(sep);
  const [top, area, name, ...rest] = parts;
  if (parts.length === 1) {
    const base = top.replace(/\.(ts|js)$/, '');
    if (ENTRY_FILES.has(top)) return { layer: 'entry' };
    if (base === 'config') return { layer: 'config' };
    return { layer: 'entry' };
  }
  if (top === 'modules') {
    // modules/<area>/<module>/…: an area folder holds its modules and its CONTEXT.md, nothing to import.
    if (name === undefined) return { layer: 'area', area: area.replace(/\.(ts|js)$/, '') };
    const inner = rest.length > 0 && !(rest.length === 1 && /^index(\.(ts|js))?$/.test(rest[0]));
    return { layer: 'module', module: name, inner: rest.length === 0 ? false : inner };
  }
  if (ENTRY_DIRS.has(top)) return { layer: 'entry' };
  if (top === 'plugins') return { layer: 'plugins' };
  if (BASE_LAYERS.has(top)) return { layer: top };
  return { layer: 'entry' };
}

const isTestFile = (file) => /\.test\.[cm]?[jt]sx?$/.test(file) || file.includes(`${sep}apps${sep}server${sep}test${sep}`);

/** Why `from` may not import `to`, or null when it may. */
export function forbiddenReason(from, to) {
  if (!to) return null;
  if (to.layer === 'module' && !(from.layer === 'module' && from.module === to.module)) {
    if (to.inner) return `another module's inner file: import modules/${to.module} (its index.ts) instead`;
  }
  if (BASE_LAYERS.has(from.layer) && !BASE_LAYERS.has(to.layer)) {
    return 'lib/, db/ and config.ts sit below every module and plugin: move the shared part down, or pass it in';
  }
  if (from.layer === 'module' && (to.layer === 'plugins' || to.layer === 'entry')) {
    return 'a module sits below plugins and the entry points: take what it needs as a parameter, or move it to lib/';
  }
  if (from.layer === 'plugins' && to.layer === 'entry') return 'plugins sit below the entry points that compose them';
  return null;
}

/** ESLint rule `inkwell/server-modules`. Test files may reach into any module to set up state. */
export const serverModulesRule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { forbidden: '{{from}} may not import {{source}}: {{reason}}' },
  },
  create(context) {
    const file = context.filename;
    const from = serverPlace(file);
    if (from === null || isTestFile(file)) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = serverPlace(resolve(dirname(file), source));
      const reason = forbiddenReason(from, to);
      if (!reason) return;
      const name = from.layer === 'module' ? `modules/${from.module}` : from.layer;
      context.report({ node: node.source, messageId: 'forbidden', data: { from: name, source, reason } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
