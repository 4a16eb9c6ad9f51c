// A front door exports commands, queries and shared SQL fragments, never repository functions
// (issue 34 §2, decision 0036): `modules/<area>/<module>/index.ts` may not re-export from a
// `*.repository` file. Used by scripts/check-door-exports.mjs (part of `npm run lint`) and by its
// tests against fixture trees.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * Doors that still export from a repository, `<area>/<module>` each, while their owners move them
 * (a ratchet: the check fails on a line that no longer holds, so the list only shrinks).
 */
export const NOT_YET_MOVED = [];

/** Every front door under `src/modules`: its `<area>/<module>` and its file. */
function listDoors(src) {
  const modules = join(src, 'modules');
  const doors = [];
  for (const area of readdirSync(modules, { withFileTypes: true })) {
    if (!area.isDirectory()) continue;
    for (const name of readdirSync(join(modules, area.name), { withFileTypes: true })) {
      const file = join(modules, area.name, name.name, 'index.ts');
      if (name.isDirectory() && existsSync(file)) doors.push({ door: `${area.name}/${name.name}`, file });
    }
  }
  return doors.sort((a, b) => a.door.localeCompare(b.door));
}

/** The re-exports of a door that come from a `*.repository` file: `{ from, names }` each (`*` for `export *`). */
export function repositoryExports(text) {
  const source = ts.createSourceFile('index.ts', text, ts.ScriptTarget.Latest);
  const found = [];
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier) continue;
    const from = statement.moduleSpecifier.text;
    if (!/\.repository(\.[cm]?[jt]s)?$/.test(from)) continue;
    const clause = statement.exportClause;
    const names = clause && ts.isNamedExports(clause) ? clause.elements.map((element) => element.name.text) : ['*'];
    found.push({ from, names });
  }
  return found;
}

/**
 * The doors under `src` that export from a repository (`offenders`, outside the ratchet) and the
 * ratchet's lines that no longer hold (`stale`).
 */
export function checkDoorExports(src, { notYetMoved = NOT_YET_MOVED } = {}) {
  const offenders = [];
  const stillExporting = new Set();
  for (const { door, file } of listDoors(src)) {
    const exports = repositoryExports(readFileSync(file, 'utf8'));
    if (exports.length === 0) continue;
    stillExporting.add(door);
    if (!notYetMoved.includes(door)) offenders.push({ door, exports });
  }
  const stale = notYetMoved.filter((door) => !stillExporting.has(door));
  return { offenders, stale };
}
