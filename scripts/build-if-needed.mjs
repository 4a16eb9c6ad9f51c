// Builds the server and the web app when their output is missing or older than their sources.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'dist-server') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function isStale(output, inputs) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((input) => newestMtime(join(root, input)) > built);
}

const TARGETS = [
  {
    name: 'server',
    output: join(root, 'apps/server/dist/main.js'),
    inputs: ['apps/server/src', 'apps/server/drizzle', 'apps/server/build.mjs', 'packages/contract/src'],
    workspace: '@inkwell/server',
  },
  {
    name: 'web app',
    // Built last: the server's renderer of public pages (issue 11 §1).
    output: join(root, 'apps/web/dist-server/entry-server.js'),
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/build',
      'packages/contract/src',
    ],
    workspace: '@inkwell/web',
  },
];

export function ensureBuilt({ force = false } = {}) {
  for (const target of TARGETS) {
    if (!force && !isStale(target.output, target.inputs)) continue;
    process.stdout.write(`Building the ${target.name}…\n`);
    execFileSync('npm', ['run', 'build', '--silent', '-w', target.workspace], { cwd: root, stdio: 'inherit' });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureBuilt({ force: process.argv.includes('--force') });
