import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { CommandError, runUserCommand } from './user-commands';

const USAGE = `Usage: npm run user -- <command>

  create --email <e-mail> --username <name> [--role reader|editor|admin] [--password <password>]
  set-password <username or e-mail> [--password <password>]
  set-role <username or e-mail> <reader|editor|admin>
  turn-off-two-factor <username or e-mail>   (a user who lost both their phone and their recovery codes)

Without --password a random one is generated and printed. With the embedded database (no
DATABASE_URL), stop the server first: PGlite is opened by one process at a time, and this
command refuses to run while the server holds the data folder. On PostgreSQL a change takes
effect at once, the server running or not.`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      username: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...args] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!['create', 'set-password', 'set-role', 'turn-off-two-factor'].includes(command)) fail(USAGE);

  const database = await openDatabase(loadConfig());
  try {
    await database.migrate();
    await runUserCommand(database.db, { command, args, options: values }, (line) => process.stdout.write(`${line}\n`));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof CommandError || error instanceof DataDirLockedError) fail(error.message);
  fail(error instanceof Error ? error.message : String(error));
});
