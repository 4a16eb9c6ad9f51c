import { existsSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DataDirLockedError } from '../db/data-dir-lock';
import { runImportCli } from './import-cli';

const USAGE = `Usage: npm run import -- <folder> [--dry-run] [--publish]

  <folder>     a folder with a folder per series: chapter archives (.cbz, .zip), folders of
               images (one chapter each) or EPUBs, with ComicInfo.xml, the EPUB's metadata or
               an optional series.json; else the names say the numbers ("Vol 2 Ch 15.5")
  --dry-run    write nothing; print what would be created, updated, left or fail
  --publish    publish the chapters (at ComicInfo's date when it is past); drafts otherwise

A second run changes nothing that has not changed. With the embedded database (no DATABASE_URL),
stop the server first; on PostgreSQL run it with the servers' environment. Exits 1 when an item failed.`;

function fail(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      publish: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [folder] = positionals;
  if (values.help || !folder) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!existsSync(folder) || !statSync(folder).isDirectory()) fail(`${folder} is not a folder.\n\n${USAGE}`);
  const tty = process.stdout.isTTY;
  const code = await runImportCli(
    process.env,
    { folder, dryRun: values['dry-run'], publish: values.publish },
    {
      print: (line) => {
        if (tty) process.stdout.write('\r\x1b[2K');
        process.stdout.write(`${line}\n`);
      },
      bar: tty ? { columns: process.stdout.columns || 80, draw: (line) => process.stdout.write(`\r\x1b[2K${line}`) } : null,
    },
  );
  process.exit(code);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) fail(error.message);
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error), 1);
});
