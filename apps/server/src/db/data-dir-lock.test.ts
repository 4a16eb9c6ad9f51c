import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findUserByUsername } from '../modules/identity/users';
import { openPglite, type DatabaseHandle } from './client';
import { DATA_DIR_LOCK_FILE, DataDirLockedError } from './data-dir-lock';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/** `npm run user -- …` as the operator runs it: another process, on the same DATA_DIR. */
function userCommand(dataDir: string, args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'src/cli/user.ts', ...args], {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

// The lock guards PGlite's data folder; a PostgreSQL run has nothing more to show here.
describe.skipIf(inject('testDatabase').kind === 'postgres')('the PGlite data folder lock (issue 7 §4.1)', () => {
  let dataDir: string;
  let dbDir: string;
  let server: DatabaseHandle | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'inkwell-lock-'));
    dbDir = join(dataDir, 'db');
    // What `npm start` does: hold the folder, migrated, with an account in it.
    server = await openPglite({ dataDir: dbDir });
    await server.migrate();
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second open of the folder while the first holds it, and says what to do', async () => {
    const error = await openPglite({ dataDir: dbDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toMatch(/stop the Inkwell server/);
    expect((error as Error).message).toMatch(/DATABASE_URL/);
  });

  it('makes `npm run user` refuse, with that message, while the server runs, and change nothing', async () => {
    const result = await userCommand(dataDir, [
      'create',
      '--email',
      'late@example.com',
      '--username',
      'late_admin',
      '--role',
      'admin',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/in use by process \d+/);
    expect(result.stderr).toMatch(/stop the Inkwell server first/);
    expect(result.stdout).not.toMatch(/Created/);
    expect(await findUserByUsername(server!.db, 'late_admin')).toBeUndefined();
  });

  it('lets the command run once the server has stopped, and the next start sees its change', async () => {
    await server!.close();
    expect(existsSync(join(dbDir, DATA_DIR_LOCK_FILE))).toBe(false);
    const result = await userCommand(dataDir, [
      'create',
      '--email',
      'late@example.com',
      '--username',
      'late_admin',
      '--role',
      'admin',
    ]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/Created admin late_admin/);
    server = await openPglite({ dataDir: dbDir });
    expect(await findUserByUsername(server.db, 'late_admin')).toMatchObject({ role: 'admin' });
  });

  it('takes over a lock left by a process that has died', async () => {
    const otherDir = join(dataDir, 'other');
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
    mkdirSync(otherDir, { recursive: true });
    writeFileSync(join(otherDir, DATA_DIR_LOCK_FILE), JSON.stringify({ pid: dead, host: hostname(), token: 'x', since: 'then' }));
    const handle = await openPglite({ dataDir: otherDir });
    await handle.close();
    expect(existsSync(join(otherDir, DATA_DIR_LOCK_FILE))).toBe(false);
  });
});
