import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../test/database.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';

interface LoggedApp {
  app: App;
  lines: string[];
  dataDir: string;
  close: () => Promise<void>;
}

/** The app with its log lines captured, on SMTP or on the outbox. */
async function appWithLogs(env: Record<string, string>): Promise<LoggedApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-auth-logs-'));
  const lines: string[] = [];
  const database: Database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://shop.test',
    // A line per request too, URLs included: nothing secret may be in any of them.
    LOG_LEVEL: 'debug',
    ...env,
  });
  const app: App = await buildApp({
    config,
    database,
    logger: { level: 'debug', stream: { write: (line: string) => void lines.push(line) } },
  });
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, lines, dataDir, close };
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

const post = (app: App, url: string, payload: object) => app.inject({ method: 'POST', url: `/api${url}`, payload });

describe('security logging on SMTP', () => {
  let smtp: TestSmtpServer;
  let logged: LoggedApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    logged = await appWithLogs({ SMTP_URL: smtp.url });
    cleanups.push(logged.close, smtp.close);
  });

  it('logs signup, login success and failure, and reset, without a password, code or token (not even in a URL)', async () => {
    const { app, lines } = logged;
    const email = 'logged@example.com';
    const password = 'a-secret-nobody-logs';

    expect((await post(app, '/auth/signup', { name: 'Logged', email, password })).statusCode).toBe(201);
    const code = /\b(\d{6})\b/.exec((await smtp.waitFor(email)).text)?.[1] ?? '';
    expect((await post(app, '/auth/login', { email, password: 'wrong-password-here' })).statusCode).toBe(401);
    expect((await post(app, '/auth/login', { email: 'nobody@example.com', password })).statusCode).toBe(404);
    const verified = await post(app, '/auth/verify-otp', { email, otp: code });
    const sessionToken = verified.json().token as string;
    const deviceToken = /device=([\w-]+)/.exec(String(verified.headers['set-cookie']))?.[1] ?? '';
    expect((await post(app, '/auth/login', { email, password })).statusCode).toBe(200);
    expect((await post(app, '/auth/reset-password', { email })).statusCode).toBe(200);
    const resetToken =
      /reset-password\/([\w-]+)/.exec((await smtp.waitFor(email, (m) => /reset/i.test(m.subject))).text)?.[1] ?? '';
    await app.inject(`/reset-password/${resetToken}`); // the mailed link, opened
    const newPassword = 'another-secret-unlogged';
    expect((await post(app, '/auth/update-password', { resetToken, newPassword })).statusCode).toBe(200);

    const events = lines.map((line) => JSON.parse(line) as { event?: string; reason?: string });
    const names = events.map((entry) => entry.event).filter(Boolean);
    for (const event of [
      'signup',
      'login.failure',
      'otp.verified',
      'login.success',
      'reset.requested',
      'reset.completed',
    ]) {
      expect(names).toContain(event);
    }
    expect(events.filter((entry) => entry.event === 'login.failure').map((entry) => entry.reason)).toEqual([
      'wrong_password',
      'unknown_email',
    ]);
    const all = lines.join('\n');
    expect(all).toContain('/reset-password/[redacted]');
    for (const secret of [password, newPassword, code, sessionToken, resetToken, deviceToken]) {
      expect(secret.length).toBeGreaterThan(5);
      expect(all).not.toContain(secret);
    }
  });
});

describe('payment session ids in request URLs', () => {
  it('are redacted from the log: whoever holds one may pay or cancel that order', async () => {
    const logged = await appWithLogs({});
    cleanups.push(logged.close);
    const sessionId = `cs_local_${'Q'.repeat(30)}`;
    for (const url of [
      `/pay/${sessionId}`,
      `/pay/${sessionId}/cancel`,
      `/api/orders/by-session/${sessionId}`,
      `/checkout-success?session_id=${sessionId}&lang=en`,
    ]) {
      await logged.app.inject({ method: url.endsWith('/cancel') ? 'POST' : 'GET', url });
    }
    const all = logged.lines.join('\n');
    expect(all).toContain('/pay/[redacted]');
    expect(all).toContain('session_id=[redacted]&lang=en');
    expect(all).not.toContain(sessionId);
  });
});

describe('the outbox (no SMTP_URL)', () => {
  let logged: LoggedApp;
  beforeAll(async () => {
    logged = await appWithLogs({});
    cleanups.push(logged.close);
  });

  it('writes one .eml per mail with text and HTML parts, and echoes the code to the log for local signups', async () => {
    const { app, lines, dataDir } = logged;
    const email = 'outbox@example.com';
    expect(
      (await post(app, '/auth/signup', { name: 'Local Dev', email, password: 'local-dev-password' })).statusCode,
    ).toBe(201);

    const outbox = join(dataDir, 'outbox');
    const files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = readFileSync(join(outbox, files[0] ?? ''), 'utf8');
    expect(raw).toMatch(/^To: outbox@example\.com$/m);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    const echoed = lines.find((line) => line.includes('mail written to the outbox'));
    expect(echoed).toMatch(/verification code for outbox@example\.com: \d{6}/);
  });
});
