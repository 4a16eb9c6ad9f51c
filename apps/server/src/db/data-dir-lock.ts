import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The file that says which process has a PGlite data folder open. */
export const DATA_DIR_LOCK_FILE = 'inkwell.lock';

interface LockOwner {
  pid: number;
  host: string;
  token: string;
  since: string;
}

/** Another live process (or another open handle in this one) holds the data folder. */
export class DataDirLockedError extends Error {
  readonly owner: LockOwner | undefined;

  constructor(dataDir: string, lockFile: string, owner: LockOwner | undefined) {
    let who = 'another process';
    if (owner) {
      const isMe = owner.pid === process.pid && owner.host === hostname();
      who = `${isMe ? 'this process' : `process ${owner.pid} on ${owner.host}`} (since ${owner.since})`;
    }
    super(
      [
        `The embedded database in ${dataDir} is in use by ${who}.`,
        'PGlite can be opened by one process at a time: stop the Inkwell server first and try again,',
        'or run the server and this command on PostgreSQL (set DATABASE_URL).',
        `If no Inkwell process is running, delete ${lockFile}.`,
      ].join('\n'),
    );
    this.name = 'DataDirLockedError';
    this.owner = owner;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockFile: string): LockOwner | undefined {
  try {
    const parsed = JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number') return undefined;
    return { pid: parsed.pid, host: parsed.host ?? '?', token: parsed.token ?? '', since: parsed.since ?? '?' };
  } catch {
    return undefined;
  }
}

/**
 * Takes the data folder for this open handle, or throws DataDirLockedError. PGlite has no lock of
 * its own: two processes on one folder each believe their writes landed, and one set is lost (the
 * `npm run user` commands against a running server did exactly that, issue 7 §4.1). A lock left
 * by a process that has died is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = join(dataDir, DATA_DIR_LOCK_FILE);
  const me: LockOwner = {
    pid: process.pid,
    host: hostname(),
    token: randomBytes(8).toString('hex'),
    since: new Date().toISOString(),
  };
  // Written whole beside it, then linked into place: link() fails when the lock exists, so two
  // processes starting together cannot both take it, nor read the other's half-written file.
  const draft = `${lockFile}.${me.pid}.${me.token}`;
  writeFileSync(draft, JSON.stringify(me));
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        linkSync(draft, lockFile);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 2) throw error;
        if (!existsSync(lockFile)) continue; // released meanwhile
        const owner = readOwner(lockFile);
        // A lock from another machine cannot be checked: it stands until removed by hand.
        const isHeld = owner === undefined || owner.host !== me.host || isAlive(owner.pid);
        if (isHeld) throw new DataDirLockedError(dataDir, lockFile, owner);
        rmSync(lockFile, { force: true }); // left by a process that has died
      }
    }
  } finally {
    rmSync(draft, { force: true });
  }
  let isReleased = false;
  return () => {
    if (isReleased) return;
    isReleased = true;
    // Only our own lock: a stale-lock takeover by someone else must not be undone.
    if (readOwner(lockFile)?.token === me.token) unlinkSync(lockFile);
  };
}
