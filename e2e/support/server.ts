import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TMP = join(ROOT, 'e2e', '.tmp');
const SERVER_LOG = join(TMP, 'server.log');
const PORT = Number(process.env.E2E_PORT ?? 4173);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/** Accounts the journeys log in with, created through the operator command before the server starts. */
export const TEAM = {
  admin: { username: 'e2e_admin', email: 'e2e-admin@example.com', password: 'admin-journey-pass-1' },
  editor: { username: 'e2e_editor', email: 'e2e-editor@example.com', password: 'editor-journey-pass-1' },
};

const env = (dataDir: string) => ({
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: BASE_URL,
  DATABASE_URL: '',
  REDIS_URL: '',
  LOG_LEVEL: 'info',
  // AVIF twins take seconds of CPU each; the journeys only need the WebP.
  MEDIA_AVIF: '0',
  // Every journey signs in from 127.0.0.1: more than the 25 sign-ins per 5 minutes one address gets.
  AUTH_ATTEMPTS_PER_WINDOW: '1000',
  // The pass journey moves the server's clock a day on (plugins/test-clock.ts).
  TEST_CLOCK: '1',
});

/** A fresh data folder, the team accounts, and the real built server on PGlite. Returns a stop function. */
export async function startServer(): Promise<() => Promise<void>> {
  rmSync(TMP, { recursive: true, force: true });
  const dataDir = join(TMP, 'data');
  mkdirSync(dataDir, { recursive: true });
  const cli = join(ROOT, 'apps/server/dist/cli.js');
  for (const [role, account] of Object.entries(TEAM)) {
    execFileSync(
      process.execPath,
      [cli, 'create', '--email', account.email, '--username', account.username, '--role', role, '--password', account.password],
      { env: env(dataDir), stdio: 'pipe' },
    );
  }
  const log = openSync(SERVER_LOG, 'w');
  const server = spawn(process.execPath, [join(ROOT, 'apps/server/dist/main.js')], {
    env: env(dataDir),
    stdio: ['ignore', log, log],
  });
  writeFileSync(join(TMP, 'server.pid'), String(server.pid));

  // A first start seeds the demo catalogue before it listens (47 s seen on a busy machine): the time
  // allowed is there to catch a server that hangs, not to measure how fast it starts.
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      const response = await fetch(`${BASE_URL}/api/health`);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (server.exitCode !== null) throw new Error(`the server exited: ${readFileSync(SERVER_LOG, 'utf8')}`);
    if (Date.now() > deadline) {
      // Not left running (and holding the port) for the next run.
      server.kill('SIGTERM');
      throw new Error('the server did not start within 3 minutes');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  };
}

/**
 * The newest reset link the server mailed to `email` (the default mailer writes mail to the log).
 * The mail is sent by a job after the answer, so this waits for it.
 */
export async function lastResetLink(email: string, timeoutMs = 15_000): Promise<string> {
  return lastMailedLink(email, '/reset-password', timeoutMs);
}

/** The newest link to `path` (with its token) mailed to `email`, read from the server's log, where development mail goes. */
export async function lastMailedLink(email: string, path: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const link = findMailedLink(email, path);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no mail with a ${path} link for ${email} in the server log`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The newest mail the server sent to `email` (read from its log), or undefined. */
export function lastMail(email: string): { subject: string; text: string } | undefined {
  const lines = readFileSync(SERVER_LOG, 'utf8').split('\n').filter(Boolean);
  for (const line of lines.reverse()) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { mail?: { to: string; subject: string; text: string } };
    if (entry.mail?.to === email) return entry.mail;
  }
  return undefined;
}

function findMailedLink(email: string, path: string): string | undefined {
  const pattern = new RegExp(`https?://\\S+${path.replace(/[/]/g, '\\/')}\\?token=\\S+`);
  const lines = readFileSync(SERVER_LOG, 'utf8').split('\n').filter(Boolean);
  for (const line of lines.reverse()) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { mail?: { to: string; text: string } };
    if (entry.mail?.to === email) {
      const match = entry.mail.text.match(pattern);
      if (match) return match[0];
    }
  }
  return undefined;
}
