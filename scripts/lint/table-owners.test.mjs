import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTableOwners } from './table-owners.mjs';

const src = join(import.meta.dirname, 'fixtures', 'tables', 'apps/server/src');
const owners = { inks: 'ink', papers: 'paper' };

describe('table owners (npm run lint)', () => {
  it("finds a module's import of a table another module owns, and lets owners, read models and tests be", () => {
    const found = checkTableOwners(src, { owners, readModels: ['shelf'], notYetMoved: [] });
    expect(found).toEqual({
      trespasses: [{ file: 'modules/desk/paper/paper.repository.ts', module: 'paper', table: 'inks', owner: 'ink' }],
      unowned: [],
      gone: [],
      stale: [],
    });
  });

  it('passes a trespass on the ratchet, and names a ratchet line that no longer holds', () => {
    const found = checkTableOwners(src, { owners, readModels: ['shelf'], notYetMoved: ['paper → inks', 'ink → papers'] });
    expect(found.trespasses).toEqual([]);
    expect(found.stale).toEqual(['ink → papers']);
  });

  it('counts a namespace import outside a read model as a trespass', () => {
    const found = checkTableOwners(src, { owners, readModels: [], notYetMoved: ['paper → inks'] });
    expect(found.trespasses).toEqual([
      { file: 'modules/desk/shelf/shelf.repository.ts', module: 'shelf', table: '*', owner: null },
    ]);
  });

  it('fails on a table with no owner and on an owner of a table no longer there', () => {
    const found = checkTableOwners(src, { owners: { papers: 'paper', pens: 'ink' }, readModels: ['shelf', 'paper'] });
    expect(found.unowned).toEqual(['inks']);
    expect(found.gone).toEqual(['pens']);
  });
});
