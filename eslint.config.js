import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import direction (DESIGN §2): web → contract, server → contract, never server ↔ web. */
const boundaries = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/.tmp/**', 'apps/server/drizzle/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: boundaries([
      { group: ['@inkwell/server', '@inkwell/web', '**/apps/**'], message: 'The contract depends on nothing of ours.' },
      { group: ['react', 'react-*', 'fastify', 'fastify-*', '@fastify/*', 'drizzle-orm', 'node:*'], message: 'The contract stays free of server and browser code.' },
    ]),
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: boundaries([{ group: ['@inkwell/web', '**/apps/web/**', '**/web/src/**'], message: 'The server never imports the web app.' }]),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: boundaries([{ group: ['@inkwell/server', '**/apps/server/**', '**/server/src/**'], message: 'The web app never imports the server.' }]),
  },
  {
    // Shared web code sits below features and the app shell.
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: boundaries([{ group: ['**/features/**', '**/app/**'], message: 'components/ and lib/ must not import features or the app shell.' }]),
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.node } },
  },
);
