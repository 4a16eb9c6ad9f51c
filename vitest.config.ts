import { defineConfig } from 'vitest/config';

const serverProject = (name: string) => ({
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/** One run: contract, tooling and web unit tests, server integration on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      // The project's own lint rules and import-graph checks, against fixture trees.
      { test: { name: 'tooling', root: 'scripts', include: ['**/*.test.mjs'], environment: 'node' } },
      serverProject('server-pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres')] : []),
      'apps/web',
    ],
  },
});
