// Fails when files import each other in a cycle (web app and server), or when the server's
// modules do (issue 17 §1: `a → b → a` between modules/a and modules/b, whatever files carry
// it). Part of `npm run lint`. Test files are left out: they may reach into any module.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCycles } from './lint/import-graph.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
let failed = 0;
for (const [name, dir] of [
  ['web app', 'apps/web/src'],
  ['server', 'apps/server/src'],
]) {
  const found = findCycles(join(ROOT, dir), ROOT);
  for (const cycle of found.files)
    process.stderr.write(`Import cycle between files of the ${name}:\n${cycle.map((file) => `  ${file}`).join('\n')}\n`);
  for (const cycle of found.modules) process.stderr.write(`Import cycle between server modules: ${cycle.join(' ⇄ ')}\n`);
  failed += found.files.length + found.modules.length;
  if (found.files.length + found.modules.length === 0)
    process.stdout.write(`No import cycles among ${found.fileCount} files of the ${name}.\n`);
}
if (failed > 0) {
  process.stderr.write(`\n✖ ${failed} import cycle(s): move what both sides need into a place both can import, or pass it in.\n`);
  process.exit(1);
}
