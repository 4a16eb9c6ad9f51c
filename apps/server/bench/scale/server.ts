import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ROUTES } from '@inkwell/contract';

// bench:scale's server and connections (scale.ts says what is measured and why).

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const PASSWORD = 'scale-bench-password-71';

export interface Server {
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A server of the production entry on `databaseUrl`; resolves once it listens. */
export async function startServer(databaseUrl: string, dataDir: string): Promise<Server> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, ['--import', 'tsx', `${repoRoot}apps/server/src/main.ts`], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: 'scale-bench-secret-scale-bench-secret-0',
      MEDIA_AVIF: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  lines.on('line', () => {});
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('the server did not start in 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    port,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export const rssMb = (child: ChildProcess) => {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

/** One connection to `url`, open. */
export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

export async function signIn(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}${ROUTES.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('inkwell_session='));
  if (!response.ok || !cookie) throw new Error(`${username} could not sign in: ${response.status} ${await response.text()}`);
  return cookie.split(';')[0]!;
}
