// Fails when a server module's front door (modules/<area>/<module>/index.ts) exports from a
// *.repository file (issue 34 §2, decision 0036): other modules get a query, a command or a shared
// SQL fragment, never the owner's repository. Part of `npm run lint`.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDoorExports } from './lint/door-exports.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { offenders, stale } = checkDoorExports(join(ROOT, 'apps/server/src'));
for (const { door, exports } of offenders)
  for (const { from, names } of exports)
    process.stderr.write(
      `modules/${door}/index.ts exports ${names.join(', ')} from ${from}: move them to a query (queries/), a command (commands/) or a shared SQL fragment (<module>.sql.ts)\n`,
    );
for (const door of stale)
  process.stderr.write(`Ratchet line "${door}" no longer holds: remove it from NOT_YET_MOVED in scripts/lint/door-exports.mjs\n`);
const failed = offenders.length + stale.length;
if (failed > 0) {
  process.stderr.write(`\n✖ ${failed} front door(s) export repository functions.\n`);
  process.exit(1);
}
process.stdout.write('No front door exports from a repository.\n');
