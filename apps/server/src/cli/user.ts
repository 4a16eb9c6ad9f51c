import { parseArgs } from 'node:util';
import { DataDirLockedError } from '../db/data-dir-lock';
import { runUserCli } from './user-cli';
import { CommandError } from './user-commands';

const USAGE = `Usage: npm run user -- <command>

  create --email <e-mail> --username <name> [--role reader|editor|admin] [--password <password>]
  set-password <username or e-mail> [--password <password>]
  set-role <username or e-mail> <reader|editor|admin>
  turn-off-two-factor <username or e-mail>   (a user who lost both their phone and their recovery codes)

Without --password a random one is generated and printed. With the embedded database (no
DATABASE_URL), stop the server first: PGlite is opened by one process at a time, and this
command refuses to run while the server holds the data folder. On PostgreSQL a change takes
effect at once, the servers running or not: the command tells them on the change bus (Redis when
REDIS_URL is set, else PostgreSQL's LISTEN/NOTIFY), so run it with the servers' environment.`;

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

  await runUserCli({
    env: process.env,
    command: { command, args, options: values },
    print: (line) => process.stdout.write(`${line}\n`),
    warn: (line) => process.stderr.write(`${line}\n`),
  });
}

main().catch((error: unknown) => {
  if (error instanceof CommandError || error instanceof DataDirLockedError) fail(error.message);
  fail(error instanceof Error ? error.message : String(error));
});
