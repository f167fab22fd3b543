import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { bundled } from './bundle.js';

/** The repository root: processes run from here, as `npm start` does. */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ChildRun {
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

/**
 * Runs an entry of the api as its own process: a TypeScript one bundled first, as the build
 * bundles the server (bundle.ts), or a built .js as it is.
 */
export function runNode(entry: string, args: string[], env: Record<string, string>): ChildRun {
  const file = entry.endsWith('.ts') ? bundled(entry) : entry;
  const child = spawn(process.execPath, [file, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { child, output: () => text, exited };
}

export interface ServerRun extends ChildRun {
  url: string;
}

/**
 * Starts the api (by default `api/src/main.ts`; the benchmark passes the built bundle) as a real
 * server process with its own port and environment and waits until /api/health answers 200.
 */
export async function startServer(
  env: Record<string, string>,
  { entry = 'api/src/main.ts', timeoutMs = 60_000 }: { entry?: string; timeoutMs?: number } = {},
): Promise<ServerRun> {
  const port = await freePort();
  const run = runNode(entry, [], {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    ADMIN_PASSWORD: 'robustness-root-password',
    // Production, on the stand-ins said by name: the built-in payment page and the outbox.
    PAYMENTS: 'test',
    MAIL: 'outbox',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let exitedEarly: number | string | undefined;
  void run.exited.then((code) => (exitedEarly = code));
  while (Date.now() < deadline) {
    if (exitedEarly !== undefined)
      throw new Error(`server exited (${exitedEarly}) before it was ready:\n${run.output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return { ...run, url };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  run.child.kill('SIGKILL');
  throw new Error(`server not ready within ${timeoutMs} ms:\n${run.output()}`);
}

/** Ends a process started here (SIGTERM, then SIGKILL if it lingers) and waits for it. */
export async function stop(run: ChildRun, graceMs = 20_000): Promise<number | string> {
  if (run.child.exitCode === null && run.child.signalCode === null) {
    run.child.kill('SIGTERM');
    const timer = setTimeout(() => run.child.kill('SIGKILL'), graceMs);
    const code = await run.exited;
    clearTimeout(timer);
    return code;
  }
  return run.exited;
}
