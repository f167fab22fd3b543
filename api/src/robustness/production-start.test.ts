// @module-tag engine: a production start on each engine.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../test/database.js';
import { parseMail } from '../test/smtp.js';
import { emptyPostgresDatabase } from './support/postgres.js';
import { runNode, startServer, stop } from './support/server.js';

const ENTRY = 'api/src/main.ts';
const parents: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  for (const parent of parents) rmSync(parent, { recursive: true, force: true });
});

/** A DATA_DIR that does not exist yet, in a folder of its own. */
function freshDataDir(): string {
  const parent = mkdtempSync(join(tmpdir(), 'shop-production-'));
  parents.push(parent);
  return join(parent, 'data');
}

/** Runs the server as `npm start` would in production, with only `env` besides; answers its exit code and output. */
async function refusedStart(env: Record<string, string>) {
  const run = runNode(ENTRY, [], {
    NODE_ENV: 'production',
    PORT: '0',
    SEED_DEMO: 'false',
    DATA_DIR: freshDataDir(),
    ...env,
  });
  const timer = setTimeout(() => run.child.kill('SIGKILL'), 60_000);
  const code = await run.exited;
  clearTimeout(timer);
  return { code, output: run.output() };
}

/** Every path under `dir` (itself included) with its permission bits. */
function modes(dir: string): { path: string; mode: number }[] {
  const found = [{ path: dir, mode: statSync(dir).mode & 0o777 }];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    found.push({ path, mode: statSync(path).mode & 0o777 });
  }
  return found;
}

describe('a production start', () => {
  it('is refused without Stripe keys unless PAYMENTS says test or off, with a configuration message', async () => {
    const { code, output } = await refusedStart({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration:');
    expect(output).toMatch(/PAYMENTS: in production card payments need Stripe/);
    expect(output).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('is refused without SMTP_URL unless MAIL=outbox, and on a TRUST_PROXY that covers every address', async () => {
    const { code, output } = await refusedStart({ PAYMENTS: 'off', TRUST_PROXY: '0.0.0.0/0' });
    expect(code).toBe(1);
    expect(output).toMatch(/SMTP_URL: is required in production/);
    expect(output).toMatch(/TRUST_PROXY: 0\.0\.0\.0\/0 covers far more than a proxy/);
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('is refused with a configuration message when DATA_DIR cannot be its folder', async () => {
    const file = freshDataDir();
    writeFileSync(file, '');
    const { code, output } = await refusedStart({ PAYMENTS: 'test', MAIL: 'outbox', DATA_DIR: `${file}/data` });
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration:');
    expect(output).toContain(`DATA_DIR: ${file}/data cannot be made a folder of this user (ENOTDIR)`);
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('on the stand-ins said by name: warns, logs no sign-up code or reset link, and keeps DATA_DIR to its owner', async () => {
    const dataDir = freshDataDir();
    const postgres = testDbKind === 'postgres' ? await emptyPostgresDatabase() : undefined;
    if (postgres) cleanups.push(() => postgres.drop());
    const server = await startServer({
      DATA_DIR: dataDir,
      PAYMENTS: 'test',
      MAIL: 'outbox',
      LOG_LEVEL: 'info',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    });
    try {
      const email = 'umask@example.com';
      const signup = await fetch(`${server.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Mode Test', email, password: 'a long and unusual passphrase' }),
      });
      expect(signup.status).toBe(201);
      const reset = await fetch(`${server.url}/api/auth/reset-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(reset.status).toBe(200);
      // Each mail is written, then logged: once both lines are in, the files are there.
      const written = () => server.output().split('mail written').length - 1;
      for (let waited = 0; waited < 10_000 && written() < 2; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const outbox = join(dataDir, 'outbox');
      const mails = readdirSync(outbox)
        .filter((name) => name.endsWith('.eml'))
        .map((name) => parseMail(readFileSync(join(outbox, name), 'utf8')));
      expect(mails).toHaveLength(2);
      const code = mails.map((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1]).find(Boolean);
      const link = mails.map((mail) => /https?:\/\/\S+\/reset-password\/([\w-]+)/.exec(mail.text)).find(Boolean);
      expect(code).toBeDefined();
      expect(link).toBeDefined();

      const output = server.output();
      expect(output).toMatch(/WARNING: PAYMENTS=test in production: .*TEST PAYMENT/);
      expect(output).toMatch(/WARNING: MAIL=outbox in production/);
      expect(output).toContain('mail written to the outbox');
      // Neither the sign-up code nor the reset link (nor its token) reaches the log, in any line.
      expect(output).not.toContain(code);
      expect(output).not.toContain(link![1]);

      const open = modes(dataDir).filter(({ mode }) => (mode & 0o077) !== 0);
      expect(open.map(({ path, mode }) => `${path} ${mode.toString(8)}`)).toEqual([]);
      expect(modes(dataDir).length).toBeGreaterThan(testDbKind === 'pglite' ? 20 : 2);
    } finally {
      expect(await stop(server)).toBe(0);
    }
  });
});
