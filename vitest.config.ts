import { defineConfig } from 'vitest/config';

const SERVER_TESTS = ['src/**/*.test.ts'];

/**
 * What PGlite still runs when PostgreSQL runs the whole server suite (decision 0051): the embedded
 * database's own code (its client, migrations, data folder, the commands and the demo content of
 * `npm start`), one call of every endpoint (the permission matrix), and the money paths whose
 * transactions would hang on PGlite's single connection if a query strayed outside them.
 */
const PGLITE_ALONGSIDE_POSTGRES = [
  'src/db/**/*.test.ts',
  'src/cli/**/*.test.ts',
  'src/demo/**/*.test.ts',
  'src/app.test.ts',
  'src/permission-matrix.test.ts',
  'src/modules/money/wallet/**/*.test.ts',
  'src/modules/money/payments/store.test.ts',
  'src/modules/money/payments/stripe.test.ts',
];

const serverProject = (name: string, include: string[], isolate = true) => ({
  test: {
    name,
    root: 'apps/server',
    include,
    environment: 'node',
    isolate,
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const postgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * One run: contract, tooling and web unit tests, and the server's integration tests: on PGlite
 * alone, or with TEST_DATABASE_URL on PostgreSQL (production's database) with PGlite keeping its own.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      // The project's own lint rules and import-graph checks, against fixture trees.
      { test: { name: 'tooling', root: 'scripts', include: ['**/*.test.mjs'], environment: 'node' } },
      serverProject('server-pglite', postgres ? PGLITE_ALONGSIDE_POSTGRES : SERVER_TESTS),
      // On PostgreSQL a worker keeps the server's modules between files (each file still opens its
      // own app and database): importing them again for every file cost more than the tests. PGlite
      // keeps a process per file: a whole suite of its databases in one process is not yet tried.
      ...(postgres ? [serverProject('server-postgres', SERVER_TESTS, false)] : []),
      'apps/web',
    ],
  },
});
