import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles } from './import-graph.mjs';

const fixture = (name) => join(import.meta.dirname, 'fixtures', name, 'apps/server/src');

describe('import cycles (npm run lint)', () => {
  it('finds two server modules that import each other through their front doors, type-only imports included', () => {
    const found = findCycles(fixture('cycle'));
    expect(found.modules).toEqual([['ink', 'paper']]);
    expect(found.files).toHaveLength(1);
  });

  it('finds nothing when modules depend one way', () => {
    expect(findCycles(fixture('clean'))).toMatchObject({ files: [], modules: [] });
  });
});
