// Fails when a server module imports a table it does not own from db/schema (issue 34 §2, decision
// 0036), outside the read models and the ratchet of scripts/lint/table-owners.mjs; when a table of
// the schema has no owner; and when a ratchet line no longer holds (remove it). Part of `npm run lint`.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkTableOwners } from './lint/table-owners.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { trespasses, unowned, gone, stale } = checkTableOwners(join(ROOT, 'apps/server/src'));
for (const { file, table, owner } of trespasses)
  process.stderr.write(
    `${file} imports ${table}, which ${owner ? `modules/${owner} owns: ask its front door` : 'has no owner'}\n`,
  );
for (const table of unowned) process.stderr.write(`Table ${table} has no owner in scripts/lint/table-owners.mjs\n`);
for (const table of gone)
  process.stderr.write(`scripts/lint/table-owners.mjs names ${table}, which db/schema no longer exports\n`);
for (const line of stale) process.stderr.write(`Ratchet line "${line}" no longer holds: remove it from NOT_YET_MOVED\n`);
const failed = trespasses.length + unowned.length + gone.length + stale.length;
if (failed > 0) {
  process.stderr.write(`\n✖ ${failed} table ownership problem(s).\n`);
  process.exit(1);
}
process.stdout.write('Every table is imported by its owner or a read model.\n');
