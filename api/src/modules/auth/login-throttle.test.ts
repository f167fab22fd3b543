import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { LIMITS, MESSAGES } from './service.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const randomAddress = () => `10.${randomBytes(3).join('.')}`;
const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);
const countOf = (values: number[], wanted: number) => values.filter((value) => value === wanted).length;

/**
 * Guessing a password in parallel: every attempt is counted before its password is checked, on
 * the in-memory limiter of one process and on the Redis limiter that several processes share.
 */
describe.each([
  ['in memory', {}],
  ['on Redis', { REDIS_URL }],
])('login throttling %s', (_name, env) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ ...env, SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const login = (email: string, password: string, ip: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });

  it('checks at most the limit of 200 parallel guesses from one address; the rest, and the right one, get 429', async () => {
    const user = await createUser(t.db);
    const ip = randomAddress();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        login(user.email, index === 150 ? user.password : `wrong guess ${index}`, ip),
      ),
    );
    const codes = statuses(responses);
    const [limit] = LIMITS.loginFailuresPerAccount;
    expect(countOf(codes, 401)).toBeLessThanOrEqual(limit);
    expect(countOf(codes, 429)).toBeGreaterThanOrEqual(200 - limit);
    expect(codes[150]).toBe(429);
    expect(codes.every((code) => code === 401 || code === 429)).toBe(true);
    const refused = responses.find((response) => response.statusCode === 429)!;
    expect(refused.json()).toEqual({ error: MESSAGES.tooManyLogins, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('slows down guesses from 200 addresses for one account, but never its owner’s known browser', async () => {
    const user = await createUser(t.db);
    // The owner signed in from this browser before: it holds a device cookie.
    const earlier = await login(user.email, user.password, randomAddress());
    expect(earlier.statusCode).toBe(200);
    const cookie = String(earlier.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^device=[A-Za-z0-9_-]{40,}$/);
    expect(String(earlier.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);

    const started = Date.now();
    const guesses = await Promise.all(
      Array.from({ length: 200 }, (_, index) => login(user.email, `wrong guess ${index}`, randomAddress())),
    );
    const codes = statuses(guesses);
    const [free] = LIMITS.loginFailuresPerAccountEverywhere;
    // The free failures, then one check per step of the slow-down (1 s, 2 s, 4 s…): on a busy
    // machine the burst itself may outlast a step or two.
    const steps = 1 + Math.floor(Math.log2(1 + (Date.now() - started) / 1000));
    expect(countOf(codes, 401)).toBeLessThanOrEqual(free + steps);
    expect(countOf(codes, 429)).toBeGreaterThanOrEqual(200 - free - steps);

    // A new browser with the right password waits like everyone else…
    const stranger = await login(user.email, user.password, randomAddress());
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    // …but the owner's browser gets in at once, from a new address too.
    const owner = await login(user.email, user.password, randomAddress(), cookie);
    expect(owner.statusCode).toBe(200);
    // A known browser is not issued a new cookie; another account's cookie proves nothing.
    expect(owner.headers['set-cookie']).toBeUndefined();
    const other = await createUser(t.db);
    expect((await login(other.email, other.password, randomAddress(), cookie)).headers['set-cookie']).toBeDefined();
  });

  it('never refuses the owner’s own reset request because of strangers’, nor floods the mailbox', async () => {
    const victim = await createUser(t.db);
    const before = smtp.messages.length;
    const strangers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { email: victim.email },
          remoteAddress: randomAddress(),
        }),
      ),
    );
    expect(statuses(strangers).every((code) => code === 200)).toBe(true);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: victim.email },
      remoteAddress: randomAddress(),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ message: MESSAGES.resetSent });
    // At most the hourly cap and one trickle mail reached the mailbox; the newest link works.
    const [cap] = LIMITS.mailsPerAddress;
    await smtp.waitFor(victim.email);
    const mails = () => smtp.messages.slice(before).filter((mail) => mail.to.includes(victim.email));
    await expect.poll(() => mails().length).toBeGreaterThanOrEqual(cap);
    expect(mails().length).toBeLessThanOrEqual(cap + 1);
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mails().at(-1)!.text)![1]!;
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-password',
      payload: { resetToken: token, newPassword: 'a fresh and long passphrase' },
      remoteAddress: randomAddress(),
    });
    expect(update.statusCode).toBe(200);
  });

  it('never refuses the owner’s own code request because of strangers’', async () => {
    const owner = await createUser(t.db, { verified: false });
    const strangers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/resend-otp',
          payload: { email: owner.email },
          remoteAddress: randomAddress(),
        }),
      ),
    );
    expect(statuses(strangers).every((code) => code === 200)).toBe(true);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-otp',
      payload: { email: owner.email },
      remoteAddress: randomAddress(),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ message: MESSAGES.codeSent });
  });
});
