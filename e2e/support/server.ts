import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface ShopServer {
  baseURL: string;
  dataDir: string;
  outboxDir: string;
  admin: { email: string; password: string };
  stop(options?: { keepData?: boolean }): Promise<void>;
}

const root = resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export const E2E_ADMIN = { email: 'root@atelier-noir.test', password: 'e2e-root-password-1' };

/**
 * A data folder seeded once per run by the global setup (its own temporary folder, so runs in
 * parallel never share one); each server starts on a copy of it. Workers find it in the env.
 */
const TEMPLATE_ENV = 'E2E_TEMPLATE_DATA_DIR';

export async function seedTemplate(): Promise<() => void> {
  const templateDataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-template-'));
  const shop = await startShop({}, templateDataDir);
  await shop.stop({ keepData: true });
  process.env[TEMPLATE_ENV] = templateDataDir;
  return () => rmSync(templateDataDir, { recursive: true, force: true });
}

/**
 * Starts the built app (`npm run build` first) on a free port with a fresh data folder: a copy
 * of the seeded template when there is one, so workers do not each render the demo catalogue.
 */
export async function startShop(env: Record<string, string> = {}, fixedDataDir?: string): Promise<ShopServer> {
  const port = await freePort();
  const dataDir = fixedDataDir ?? mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  const templateDataDir = process.env[TEMPLATE_ENV];
  if (!fixedDataDir && templateDataDir && existsSync(templateDataDir))
    cpSync(templateDataDir, dataDir, { recursive: true });
  const admin = E2E_ADMIN;
  const baseURL = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [join(root, 'api/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      // As behind a real proxy: each test's browser is its own client address (fixtures.ts), so
      // per-address limits (sign-ups an hour, login tries) count per shopper, not per test run.
      TRUST_PROXY: '1',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      STRIPE_SECRET_KEY: '',
      // Production, on the stand-ins said by name: the journeys pay on the built-in page and read the outbox.
      PAYMENTS: 'test',
      MAIL: 'outbox',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', resolveExit));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode} during start-up`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the shop did not become healthy within 180 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    dataDir,
    outboxDir: join(dataDir, 'outbox'),
    admin,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
