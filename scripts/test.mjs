// npm test: every check, in order — lint, types, unit and integration tests, browser journeys.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureBuilt } from './build-if-needed.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(title, command, args) {
  process.stdout.write(`\n── ${title} ──\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    process.stderr.write(`\n✖ ${title} failed\n`);
    process.exit(result.status ?? 1);
  }
}

run('lint', 'npm', ['run', '--silent', 'lint']);
run('type check', 'npm', ['run', '--silent', 'typecheck']);
if (!process.env.TEST_DATABASE_URL) {
  process.stdout.write(
    '\nTEST_DATABASE_URL is not set: server tests run on PGlite only (set it to run them on PostgreSQL too).\n',
  );
}
run('unit and integration tests', 'npx', ['vitest', 'run']);

// Issue 18 §2: what a phone downloads to open a chapter, from the build (bytes, no timing).
ensureBuilt();
run('pages JavaScript budget', 'npx', ['tsx', 'apps/server/bench/page-javascript.ts', '--check']);

if (existsSync(CHROMIUM)) {
  run('browser journeys', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
} else if (process.env.REQUIRE_E2E === '1') {
  process.stderr.write(`\n✖ REQUIRE_E2E=1 but no Chromium at ${CHROMIUM}: install it with apt-get install -y chromium\n`);
  process.exit(1);
} else {
  process.stdout.write(
    [
      '',
      '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
      `!! BROWSER JOURNEYS SKIPPED: no Chromium at ${CHROMIUM}.`,
      '!! Install it (apt-get install -y chromium) to run them.',
      '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
      '',
    ].join('\n'),
  );
}
process.stdout.write('\n✔ every check passed\n');
