import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDoorExports, repositoryExports } from './door-exports.mjs';

const src = join(import.meta.dirname, 'fixtures', 'doors', 'apps/server/src');

describe('front doors export no repository (npm run lint)', () => {
  it('names each door that re-exports from a repository file, with the names it exports', () => {
    expect(checkDoorExports(src, { notYetMoved: [] })).toEqual({
      offenders: [
        { door: 'desk/paper', exports: [{ from: './paper.repository', names: ['findPaper', 'PaperRow'] }] },
        { door: 'desk/pen', exports: [{ from: './pen.repository', names: ['*'] }] },
      ],
      stale: [],
    });
  });

  it('passes a door on the ratchet, and names a ratchet line that no longer holds', () => {
    const found = checkDoorExports(src, { notYetMoved: ['desk/paper', 'desk/pen', 'desk/ink'] });
    expect(found.offenders).toEqual([]);
    expect(found.stale).toEqual(['desk/ink']);
  });

  it('reads exports, not text: a comment or an import of a repository is not an export', () => {
    expect(
      repositoryExports("// see ./ink.repository\nimport { a } from './ink.repository';\nexport { b } from './queries/b';\n"),
    ).toEqual([]);
    expect(repositoryExports("export { a as b } from '../ink/ink.repository';\n")).toEqual([
      { from: '../ink/ink.repository', names: ['b'] },
    ]);
  });
});
