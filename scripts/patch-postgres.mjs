// Run after every install (package.json "postinstall"): mends a crash in postgres.js 3.4.9, the
// latest release, that takes the whole process down when a database connection drops while a
// small write is waiting (porsager/postgres#1154, #1208; fixes proposed in #1168, #1209, not
// released). Inkwell must survive its database going away (issue 20, decision 0023), so:
// - a write whose socket is gone settles the waiting queries with CONNECTION_CLOSED (which the
//   app answers 503) instead of throwing from a timer, where nothing can catch it;
// - closing a connection forgets its pending write, so a reconnected connection can write again.
// Idempotent; it says so and changes nothing when the code is not the one it knows (a newer
// release): then read the release notes and remove this script if the bug is fixed there.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MARK = '/* inkwell: socket may be gone */';
const edits = [
  [
    '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)',
    `  function nextWrite(fn) {\n    ${MARK}\n    if (!socket) {\n      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n      chunk = nextWriteTimer = null\n      error(Errors.connection('CONNECTION_CLOSED', options))\n      return false\n    }\n    const x = socket.write(chunk, fn)`,
  ],
  [
    '    clearImmediate(nextWriteTimer)\n    if (socket) {',
    '    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    if (socket) {',
  ],
  [
    '    clearImmediate(nextWriteTimer)\n    socket.removeListener',
    '    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    socket.removeListener',
  ],
];

let patched = 0;
for (const file of ['node_modules/postgres/src/connection.js', 'node_modules/postgres/cjs/src/connection.js']) {
  const path = join(root, file);
  if (!existsSync(path)) continue;
  let source = readFileSync(path, 'utf8');
  if (source.includes(MARK)) continue;
  if (!edits.every(([from]) => source.includes(from))) {
    process.stderr.write(
      `patch-postgres: ${file} is not the code this patch knows; left as it is (see scripts/patch-postgres.mjs)\n`,
    );
    continue;
  }
  for (const [from, to] of edits) source = source.replace(from, to);
  writeFileSync(path, source);
  patched += 1;
}
if (patched > 0) process.stdout.write(`patch-postgres: mended postgres.js's write after close (${patched} files)\n`);
