import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** An Inkwell instance in a process of its own (the production entry), to be killed or stopped like a real one. */
export interface InstanceProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What the process wrote, for a failing test's message. */
  output(): string;
  /** SIGKILL if still running, and waits for the end. */
  kill(): Promise<void>;
}

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `src/main.ts` with `env` on a free port (or `port`) and resolves once its health check answers 200. */
export async function startInstance(env: Record<string, string>, port?: number): Promise<InstanceProcess> {
  const listenOn = port ?? (await freePort());
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(listenOn), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${listenOn}`;
  const instance: InstanceProcess = {
    port: listenOn,
    url,
    child,
    exited,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the instance exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      await instance.kill();
      throw new Error(`the instance did not answer its health check in time:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return instance;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
