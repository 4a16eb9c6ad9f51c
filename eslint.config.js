import js from '@eslint/js';
import { dirname, relative, resolve, sep } from 'node:path';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { serverModulesRule } from './scripts/lint/server-modules.js';

/** Import direction (DESIGN §2): web → contract, server → contract, never server ↔ web. */
const boundaries = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const WEB_SRC = resolve(import.meta.dirname, 'apps/web/src');

/** The layer of a file of the web app: app, feature:<name>, components, lib, or null outside src. */
function webLayer(file) {
  const path = relative(WEB_SRC, file);
  if (path.startsWith('..')) return null;
  const [top, name] = path.split(sep);
  if (top === 'features') return `feature:${name}`;
  return ['app', 'components', 'lib'].includes(top) ? top : 'entry';
}

/** What each layer may import (besides packages): shared code → features → app, one way. */
function mayImport(from, to) {
  if (to === null || from === 'entry' || from === to) return true;
  if (from === 'app') return to !== 'entry';
  if (from.startsWith('feature:')) return to === 'components' || to === 'lib';
  if (from === 'components') return to === 'lib';
  return false;
}

/**
 * Web layers (issue 7 §3, bulletproof-react's rule): a feature never imports another feature or
 * the app shell; components/ and lib/ import no feature; app/ composes them all. Relative imports
 * are resolved, so `../../auth/x` is caught however deep the importing file sits.
 */
const webLayersRule = {
  meta: { type: 'problem', schema: [], messages: { forbidden: '{{from}} may not import {{to}} ({{source}}): {{hint}}' } },
  create(context) {
    const from = webLayer(context.filename);
    if (from === null) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = webLayer(resolve(dirname(context.filename), source));
      if (mayImport(from, to)) return;
      const hint = to?.startsWith('feature:')
        ? 'move what both need into components/ or lib/, or let app/ compose them'
        : 'shared code sits below features and the app shell';
      context.report({ node: node.source, messageId: 'forbidden', data: { from, to: to ?? 'outside', source, hint } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** Product code (issue 34 §3): apps' and packages' sources, tests excepted. */
const PRODUCT_CODE = ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'];
const TESTS = ['**/*.test.{ts,tsx}', 'apps/*/test/**'];

/**
 * Issue 34 §3: no product function over 120 lines. These files still hold one; the rule is off
 * for them only. The list only shrinks: split a file's long function, then take the file off.
 */
const OVER_120_LINES = [];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', 'data/**', 'e2e/.tmp/**', 'apps/server/drizzle/**', 'coverage/**', 'scripts/lint/fixtures/**'] },
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
    // The message catalogues' reader and compiler (decision 0038): build- and server-side only, never
    // exported by the contract's index, read from disk where the web build and the server find them.
    files: ['packages/contract/src/message-catalogues*.ts'],
    rules: boundaries([{ group: ['@inkwell/server', '@inkwell/web', '**/apps/**'], message: 'The contract depends on nothing of ours.' }]),
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
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { inkwell: { rules: { 'web-layers': webLayersRule } } },
    rules: { 'inkwell/web-layers': 'error' },
  },
  {
    // bench/ composes the server as its entry points do: through the modules' front doors (issue 34 §4).
    files: ['apps/server/src/**/*.ts', 'apps/server/bench/**/*.ts'],
    plugins: { 'inkwell-server': { rules: { modules: serverModulesRule } } },
    rules: {
      'inkwell-server/modules': 'error',
      // Issue 34 §3: an endpoint's request type says whether someone is signed in (lib/endpoint.ts).
      'no-restricted-syntax': [
        'error',
        {
          // A request's user (`request.user!`, `req.user!`); a test account's `account.user!` is its own business.
          selector: "TSNonNullExpression > MemberExpression.expression[property.name='user'][object.name=/^(request|req)$/]",
          message:
            "No `request.user!`: a non-public endpoint's EndpointRequest already has its user; elsewhere take a SignedInRequest or check for null.",
        },
      ],
    },
  },
  {
    files: PRODUCT_CODE,
    ignores: [...TESTS, ...OVER_120_LINES],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  {
    // The query-plan bench explains the repositories' own query builders, as the query-plan tests do.
    files: ['apps/server/bench/scale/plans.ts'],
    rules: { 'inkwell-server/modules': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The service worker runs in the browser's worker scope, not in Node.
    files: ['apps/web/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
);
