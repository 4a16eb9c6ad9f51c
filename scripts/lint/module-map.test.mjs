import { describe, expect, it } from 'vitest';
import { END, renderModuleMap, START, withModuleMap } from '../module-map.mjs';

const graph = (edges) => new Map(Object.entries(edges).map(([name, uses]) => [name, new Set(uses)]));
const areas = { identity: ['users', 'access'], money: ['wallet'] };

describe('the module map in docs/ARCHITECTURE.md (npm run lint)', () => {
  it('draws one row per module, grouped by area, naming the area of each import from another area', () => {
    const table = renderModuleMap(graph({ access: [], users: ['access'], wallet: ['users', 'access'] }), areas);
    expect(table.split('\n')).toEqual([
      '| area | module | imports the front door of |',
      '|---|---|---|',
      '| [identity](../apps/server/src/modules/identity/CONTEXT.md) | `access` | — |',
      '|  | `users` | access |',
      '| [money](../apps/server/src/modules/money/CONTEXT.md) | `wallet` | access (identity), users (identity) |',
    ]);
  });

  it('fails on a module that has no area, so a new module must be placed', () => {
    expect(() => renderModuleMap(graph({ access: [], users: [], wallet: [], ledger: ['wallet'] }), areas)).toThrow(
      'No area for module(s) ledger',
    );
  });

  it('fails on an area that names a module no longer there', () => {
    expect(() => renderModuleMap(graph({ access: [], users: [] }), areas)).toThrow('not there: wallet');
  });

  it('replaces only what lies between the markers, and refuses a document without them', () => {
    const doc = `# Title\n${START}\nold\n${END}\nafter\n`;
    expect(withModuleMap(doc, 'new')).toBe(`# Title\n${START}\nnew\n${END}\nafter\n`);
    expect(() => withModuleMap('# Title\n', 'new')).toThrow('markers');
  });
});
