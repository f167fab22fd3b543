import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes, passwordResets, sessions, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, createUser } from '../../test/factories.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp.js';
import { hashToken } from '../../platform/security/tokens.js';
import { MESSAGES } from './service.js';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

// Rate limits count per client address: every test speaks from its own, so no test uses up another's allowance.
let addressCounter = 0;
const freshIp = () => {
  addressCounter += 1;
  return `10.1.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};
let emailCounter = 0;
const freshEmail = (label = 'shopper') => `${label}-${Date.now().toString(36)}-${(emailCounter += 1)}@example.com`;

const PASSWORD = 'velvet-sneakers-at-dawn';

function post(url: string, payload: object, options: { ip?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload,
    remoteAddress: options.ip ?? freshIp(),
    headers: options.headers,
  });
}

const codeOf = (mail: ReceivedMail) => {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
};
const resetTokenOf = (mail: ReceivedMail) => {
  const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset link in: ${mail.text}`);
  return token;
};
const isCodeMail = (mail: ReceivedMail) => /verification code|код за потвърждение/i.test(mail.subject);
const isResetMail = (mail: ReceivedMail) => /reset your|смяна на паролата/i.test(mail.subject);

async function signUp(email = freshEmail(), extra: object = {}, ip = freshIp()) {
  const before = smtp.messages.length;
  const response = await post('/auth/signup', { name: 'Mira Petrova', email, password: PASSWORD, ...extra }, { ip });
  expect(response.statusCode, response.body).toBe(201);
  const mail = await smtp.waitFor(email, (m) => isCodeMail(m) && smtp.messages.indexOf(m) >= before);
  return { email, code: codeOf(mail), mail, ip };
}

const userRow = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];

describe('POST /api/auth/signup', () => {
  it('creates an unverified USER with an argon2id hash and mails a 6-digit code over SMTP, in text and HTML', async () => {
    const email = freshEmail();
    const response = await post('/auth/signup', {
      name: 'Mira Petrova',
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: MESSAGES.signedUp });

    const row = await userRow(email);
    expect(row).toMatchObject({ email, name: 'Mira Petrova', role: 'USER', locale: 'en', emailVerifiedAt: null });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const mail = await smtp.waitFor(email, isCodeMail);
    const code = codeOf(mail);
    expect(mail.to).toEqual([email]);
    // The code is in the body only: a subject is logged (the outbox) and shown in every list.
    expect(mail.subject).toBe('Your Atelier Noir verification code');
    expect(mail.text).toContain(code);
    expect(mail.text).toContain('Welcome, Mira Petrova');
    expect(mail.text).toContain('10 minutes');
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('<html lang="en">');
    const [stored] = await t.db.select().from(emailCodes).where(eq(emailCodes.userId, row!.id));
    expect(stored?.codeHash).not.toContain(code);
    expect(stored?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(stored?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
  });

  it('ignores a role (or any unknown key) in the body: mass assignment is impossible', async () => {
    const email = freshEmail('mass');
    const response = await post('/auth/signup', {
      name: 'Sly',
      email,
      password: PASSWORD,
      role: 'ROOT_ADMIN',
      emailVerifiedAt: '2020-01-01',
      id: 1,
    });
    expect(response.statusCode).toBe(201);
    const row = await userRow(email);
    expect(row?.role).toBe('USER');
    expect(row?.emailVerifiedAt).toBeNull();
    expect(row?.id).not.toBe(1);
  });

  it('mails in Bulgarian when the body or the browser asks for it, and escapes the name in HTML', async () => {
    const fromBody = await signUp(freshEmail('bg'), { locale: 'bg', name: '<b>Мира</b>' });
    expect(fromBody.mail.subject).toBe('Вашият код за потвърждение в Atelier Noir');
    expect(fromBody.mail.text).toContain('Добре дошли, <b>Мира</b>');
    expect(fromBody.mail.html).toContain('Добре дошли, &lt;b&gt;Мира&lt;/b&gt;');
    expect(fromBody.mail.html).toContain('<html lang="bg">');

    const email = freshEmail('bg-header');
    const response = await post(
      '/auth/signup',
      { name: 'Иван', email, password: PASSWORD },
      { headers: { 'accept-language': 'bg-BG,bg;q=0.9,en;q=0.5' } },
    );
    expect(response.statusCode).toBe(201);
    expect((await userRow(email))?.locale).toBe('bg');
    expect((await smtp.waitFor(email)).text).toContain('Кодът е валиден 10 минути');
  });

  it('refuses bad input with per-field messages', async () => {
    const cases: [object, string, string][] = [
      [{ name: 'A', email: 'not-an-email', password: PASSWORD }, 'email', 'VALIDATION_ERROR'],
      [{ name: 'A', email: freshEmail(), password: 'short' }, 'password', 'VALIDATION_ERROR'],
      [{ name: 'A', email: freshEmail(), password: 'x'.repeat(129) }, 'password', 'VALIDATION_ERROR'],
      [{ name: '   ', email: freshEmail(), password: PASSWORD }, 'name', 'VALIDATION_ERROR'],
      [{ email: freshEmail(), password: PASSWORD }, 'name', 'VALIDATION_ERROR'],
      [{ name: 'A', email: freshEmail(), password: 'Password123' }, 'password', 'WEAK_PASSWORD'],
      [{ name: 'A', email: freshEmail(), password: 'qwertyuiop' }, 'password', 'WEAK_PASSWORD'],
      [{ name: 'A', email: freshEmail(), password: ' '.repeat(8) }, 'password', 'WEAK_PASSWORD'],
      [{ name: 'A', email: freshEmail(), password: 'p'.repeat(128) }, 'password', 'WEAK_PASSWORD'],
    ];
    for (const [payload, field, code] of cases) {
      const response = await post('/auth/signup', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json();
      expect(body.code).toBe(code);
      expect(Object.keys(body.fields)).toContain(field);
      expect(body.error).toBeTruthy();
    }
    const longest = 'velvet sneakers at dawn, '.repeat(6).slice(0, 128);
    expect((await post('/auth/signup', { name: 'A', email: freshEmail(), password: longest })).statusCode).toBe(201);
  });

  it('answers 409 EMAIL_TAKEN for an address that exists, whatever its case, and sends nothing', async () => {
    const { email } = await signUp();
    const before = smtp.messages.length;
    const again = await post('/auth/signup', {
      name: 'Other',
      email: email.toUpperCase(),
      password: 'another-long-password',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: MESSAGES.emailTaken, code: 'EMAIL_TAKEN' });
    expect(smtp.messages.length).toBe(before);
  });

  it('lets exactly one of two simultaneous signups for one address through', { tags: ['engine'] }, async () => {
    const email = freshEmail('race');
    const ip = freshIp();
    const payload = { name: 'Twin', email, password: PASSWORD };
    const [a, b] = await Promise.all([post('/auth/signup', payload, { ip }), post('/auth/signup', payload, { ip })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('rate limits signups from one address with 429 and Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) {
      const response = await post(
        '/auth/signup',
        { name: 'Flood', email: freshEmail('flood'), password: PASSWORD },
        { ip },
      );
      expect(response.statusCode).toBe(201);
    }
    const blocked = await post(
      '/auth/signup',
      { name: 'Flood', email: freshEmail('flood'), password: PASSWORD },
      { ip },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts an IPv6 client by its /64: a new address in it gets no new allowance', async () => {
    const signupFrom = (ip: string) =>
      post('/auth/signup', { name: 'Flood', email: freshEmail('flood6'), password: PASSWORD }, { ip });
    for (let i = 1; i <= 10; i += 1)
      expect((await signupFrom(`2001:db8:77:1::${i.toString(16)}`)).statusCode).toBe(201);
    expect((await signupFrom('2001:db8:77:1:abcd:ef01:2345:6789')).statusCode).toBe(429);
    // The next /64 is another client.
    expect((await signupFrom('2001:db8:77:2::1')).statusCode).toBe(201);
  });
});

describe('POST /api/auth/verify-otp', () => {
  it('verifies the email with the right code, answers { token, user } and starts a 30-day session', async () => {
    const { email, code, ip } = await signUp();
    const response = await post('/auth/verify-otp', { email: ` ${email.toUpperCase()} `, otp: code }, { ip });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.user).toEqual({
      id: expect.any(Number),
      name: 'Mira Petrova',
      email,
      role: 'USER',
      profilePicture: null,
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect((await userRow(email))?.emailVerifiedAt).toBeInstanceOf(Date);
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.token)));
    expect(session?.userId).toBe(body.user.id);
    const days = (session!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const profile = await t.app.inject({ url: '/api/profile', headers: bearer(body) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().email).toBe(email);
  });

  it('refuses a wrong code, then accepts the right one', async () => {
    const { email, code, ip } = await signUp();
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await post('/auth/verify-otp', { email, otp: wrong }, { ip });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: MESSAGES.wrongCode, code: 'INVALID_CODE' });
    expect((await post('/auth/verify-otp', { email, otp: code }, { ip })).statusCode).toBe(200);
  });

  it('refuses a code that is not 6 digits as invalid input', async () => {
    const { email, ip } = await signUp();
    for (const otp of ['12345', '1234567', 'abcdef', '']) {
      const response = await post('/auth/verify-otp', { email, otp }, { ip });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty('otp');
    }
  });

  it('refuses a used code: a code works once', async () => {
    const { email, code, ip } = await signUp();
    expect((await post('/auth/verify-otp', { email, otp: code }, { ip })).statusCode).toBe(200);
    const reused = await post('/auth/verify-otp', { email, otp: code }, { ip });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toBe(MESSAGES.alreadyVerified);
    const row = await userRow(email);
    expect(await t.db.select().from(emailCodes).where(eq(emailCodes.userId, row!.id))).toHaveLength(0);
  });

  it('refuses an expired code', async () => {
    const { email, code, ip } = await signUp();
    const row = await userRow(email);
    await t.db
      .update(emailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailCodes.userId, row!.id));
    const response = await post('/auth/verify-otp', { email, otp: code }, { ip });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: MESSAGES.codeExpired, code: 'CODE_EXPIRED' });
    expect((await userRow(email))?.emailVerifiedAt).toBeNull();
  });

  it('voids the code after 5 wrong tries: the sixth attempt fails even with the right code', async () => {
    const { email, code, ip } = await signUp();
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 1; i <= 5; i += 1) {
      const response = await post('/auth/verify-otp', { email, otp: wrong }, { ip });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(i < 5 ? MESSAGES.wrongCode : MESSAGES.codeVoid);
    }
    const sixth = await post('/auth/verify-otp', { email, otp: code }, { ip });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toEqual({ error: MESSAGES.codeVoid, code: 'CODE_EXPIRED' });
    expect((await userRow(email))?.emailVerifiedAt).toBeNull();

    // A new code starts afresh.
    const resent = await post('/auth/resend-otp', { email }, { ip });
    expect(resent.statusCode).toBe(200);
    const fresh = codeOf(await smtp.waitFor(email, (m) => codeOf(m) !== code));
    expect((await post('/auth/verify-otp', { email, otp: fresh }, { ip })).statusCode).toBe(200);
  });

  it('counts parallel wrong guesses exactly: never more than 5 tries', { tags: ['engine'] }, async () => {
    const { email, code, ip } = await signUp();
    const wrong = code === '424242' ? '242424' : '424242';
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post('/auth/verify-otp', { email, otp: wrong }, { ip })),
    );
    expect(answers.every((a) => a.statusCode === 400)).toBe(true);
    const row = await userRow(email);
    const [stored] = await t.db.select().from(emailCodes).where(eq(emailCodes.userId, row!.id));
    expect(stored?.attempts).toBe(5);
  });

  it('answers an unknown email like a wrong code', async () => {
    const response = await post('/auth/verify-otp', { email: freshEmail('ghost'), otp: '123456' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_CODE');
  });
});

describe('POST /api/auth/resend-otp', () => {
  /** Resends a code and answers the one mailed (a new mail to `email` after those before). */
  async function resend(email: string, ip: string) {
    const before = smtp.messages.length;
    const response = await post('/auth/resend-otp', { email }, { ip });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.codeSent });
    return codeOf(await smtp.waitFor(email, (m) => isCodeMail(m) && smtp.messages.indexOf(m) >= before));
  }

  it('mails a new code and keeps the one the shopper already has valid', async () => {
    const { email, code, ip } = await signUp();
    await resend(email, ip);
    expect((await post('/auth/verify-otp', { email, otp: code }, { ip })).statusCode).toBe(200);
  });

  it('keeps the latest two codes valid: a third voids the first', async () => {
    const { email, code: first, ip } = await signUp();
    const second = await resend(email, ip);
    const third = await resend(email, ip);
    if (first !== second && first !== third) {
      expect((await post('/auth/verify-otp', { email, otp: first }, { ip })).json().code).toBe('INVALID_CODE');
    }
    expect((await post('/auth/verify-otp', { email, otp: second }, { ip })).statusCode).toBe(200);
    // Verified: no code of the account is left.
    expect((await post('/auth/verify-otp', { email, otp: third }, { ip })).statusCode).toBe(409);
  });

  it('sends at most 3 codes per address per hour to one client (signup included), then 429 with Retry-After', async () => {
    const { email, ip } = await signUp();
    expect((await post('/auth/resend-otp', { email }, { ip })).statusCode).toBe(200);
    expect((await post('/auth/resend-otp', { email }, { ip })).statusCode).toBe(200);
    const before = smtp.messages.length;
    const fourth = await post('/auth/resend-otp', { email }, { ip });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ error: MESSAGES.tooManyCodes, code: 'RATE_LIMITED' });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(3000);
    expect(smtp.messages.length).toBe(before);
    // Another client is not refused because of this one.
    expect((await post('/auth/resend-otp', { email })).statusCode).toBe(200);
  });

  it('gives the same answer for an unknown or verified address and sends nothing', async () => {
    const verified = await createUser(t.db);
    const before = smtp.messages.length;
    for (const email of [freshEmail('nobody'), verified.email]) {
      const response = await post('/auth/resend-otp', { email });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: MESSAGES.codeSent });
    }
    expect(smtp.messages.length).toBe(before);
  });
});

describe('POST /api/auth/login', () => {
  it('answers { token, user } for the right password; 404 unknown, 401 wrong, 403 unverified', async () => {
    const user = await createUser(t.db, { name: 'Lena' });
    const ok = await post('/auth/login', { email: user.email.toUpperCase(), password: user.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toEqual({
      id: user.id,
      name: 'Lena',
      email: user.email,
      role: 'USER',
      profilePicture: null,
    });
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(ok.json()) })).statusCode).toBe(200);

    const unknown = await post('/auth/login', { email: freshEmail('nobody'), password: 'whatever-it-is' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: MESSAGES.unknownEmail, code: 'NOT_FOUND' });

    const wrong = await post('/auth/login', { email: user.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: MESSAGES.wrongPassword, code: 'UNAUTHORIZED' });

    const { email } = await signUp();
    const unverified = await post('/auth/login', { email, password: PASSWORD });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({ error: MESSAGES.notVerified, code: 'EMAIL_NOT_VERIFIED' });
    // The right password is required before the account says it is unverified.
    expect((await post('/auth/login', { email, password: 'not-the-password' })).statusCode).toBe(401);
  });

  it('refuses empty fields with per-field messages', async () => {
    const response = await post('/auth/login', { email: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(['email', 'password']);
  });

  it('answers 429 with Retry-After after 10 failures for an account from one address, even with the right password', async () => {
    const user = await createUser(t.db);
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await post('/auth/login', { email: user.email, password: `wrong-${i}-password` }, { ip })).statusCode,
      ).toBe(401);
    }
    const blocked = await post('/auth/login', { email: user.email, password: user.password }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: MESSAGES.tooManyLogins, code: 'RATE_LIMITED' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // No hard lockout: the owner from another address still gets in.
    expect((await post('/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('counts unknown emails too, and a success clears the account count', async () => {
    const ip = freshIp();
    const ghost = freshEmail('ghost');
    for (let i = 0; i < 10; i += 1)
      expect((await post('/auth/login', { email: ghost, password: 'x-password' }, { ip })).statusCode).toBe(404);
    expect((await post('/auth/login', { email: ghost, password: 'x-password' }, { ip })).statusCode).toBe(429);

    const user = await createUser(t.db);
    const ip2 = freshIp();
    for (let i = 0; i < 9; i += 1)
      await post('/auth/login', { email: user.email, password: 'wrong-password' }, { ip: ip2 });
    const success = await post('/auth/login', { email: user.email, password: user.password }, { ip: ip2 });
    expect(success.statusCode).toBe(200);
    // The browser that signed in keeps its device cookie, so the account-wide count does not slow it.
    const cookie = String(success.headers['set-cookie']).split(';')[0]!;
    for (let i = 0; i < 9; i += 1) {
      expect(
        (await post('/auth/login', { email: user.email, password: 'wrong-password' }, { ip: ip2, headers: { cookie } }))
          .statusCode,
      ).toBe(401);
    }
  });

  it('sweeps the expired sessions of an account when it logs in', async () => {
    const user = await createUser(t.db);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(user) })).statusCode).toBe(401);
    expect((await post('/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    const left = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(1);
    expect(left[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('answers 404 for a deleted account, whose token stops working at once', async () => {
    const user = await createUser(t.db);
    await t.db.delete(users).where(eq(users.id, user.id));
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(user) })).statusCode).toBe(401);
    expect((await post('/auth/login', { email: user.email, password: user.password })).statusCode).toBe(404);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the token (204) and leaves other sessions alone', async () => {
    const user = await createUser(t.db);
    const other = await post('/auth/login', { email: user.email, password: user.password });
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(user) });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(user) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(user) })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(other.json()) })).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
  });
});

describe('password reset', () => {
  async function requestReset(email: string, ip = freshIp()) {
    const before = smtp.messages.length;
    const response = await post('/auth/reset-password', { email }, { ip });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.resetSent });
    const mail = await smtp.waitFor(email, (m) => isResetMail(m) && smtp.messages.indexOf(m) >= before);
    return { mail, token: resetTokenOf(mail) };
  }

  it('mails a single-use link; the new password works, the old one and every old session do not', async () => {
    const user = await createUser(t.db, { name: 'Nia' });
    const second = (await post('/auth/login', { email: user.email, password: user.password })).json();
    const { mail, token } = await requestReset(user.email);
    expect(mail.text).toContain(`http://shop.test/reset-password/${token}`);
    expect(mail.html).toContain(`href="http://shop.test/reset-password/${token}"`);
    expect(mail.text).toContain('30 minutes');
    expect(token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url
    const [stored] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored?.tokenHash).toBe(hashToken(token));
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);

    const updated = await post('/auth/update-password', { resetToken: token, newPassword: 'midnight-linen-jacket' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ message: MESSAGES.passwordUpdated });

    for (const session of [user, second]) {
      expect((await t.app.inject({ url: '/api/profile', headers: bearer(session) })).statusCode).toBe(401);
    }
    expect((await post('/auth/login', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await post('/auth/login', { email: user.email, password: 'midnight-linen-jacket' })).statusCode).toBe(200);

    const reused = await post('/auth/update-password', { resetToken: token, newPassword: 'another-fine-password' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: MESSAGES.invalidResetLink, code: 'INVALID_TOKEN' });

    const notice = await smtp.waitFor(user.email, (m) => /password was changed/.test(m.subject));
    expect(notice.text).toContain('every device was signed out');
    expect(notice.html).toContain('href="http://shop.test/login"');
  });

  it('refuses a common new password without spending the link', async () => {
    const user = await createUser(t.db);
    const { token } = await requestReset(user.email);
    const weak = await post('/auth/update-password', { resetToken: token, newPassword: 'iloveyou1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('WEAK_PASSWORD');
    expect(weak.json().fields).toHaveProperty('newPassword');
    const short = await post('/auth/update-password', { resetToken: token, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toHaveProperty('newPassword');
    expect(
      (await post('/auth/update-password', { resetToken: token, newPassword: 'a-much-better-passphrase' })).statusCode,
    ).toBe(200);
  });

  it('refuses an expired or unknown link', async () => {
    const user = await createUser(t.db);
    const { token } = await requestReset(user.email);
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const expired = await post('/auth/update-password', { resetToken: token, newPassword: 'a-much-better-passphrase' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ error: MESSAGES.expiredResetLink, code: 'INVALID_TOKEN' });
    const unknown = await post('/auth/update-password', {
      resetToken: 'x'.repeat(43),
      newPassword: 'a-much-better-passphrase',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('INVALID_TOKEN');
    expect((await post('/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('answers an unknown email exactly like a known one, and sends nothing', async () => {
    const before = smtp.messages.length;
    const response = await post('/auth/reset-password', { email: freshEmail('nobody') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.resetSent });
    expect(smtp.messages.length).toBe(before);
  });

  it('mails the link in the account language', async () => {
    const user = await createUser(t.db, { locale: 'bg', name: 'Калина' });
    const { mail } = await requestReset(user.email);
    expect(mail.subject).toBe('Смяна на паролата за Atelier Noir');
    expect(mail.text).toContain('Здравейте, Калина');
    expect(mail.text).toContain('Задайте нова парола: http://shop.test/reset-password/');
  });

  it('verifies an address that never entered its code: the link proves the mailbox', async () => {
    const { email } = await signUp();
    const { token } = await requestReset(email);
    expect(
      (await post('/auth/update-password', { resetToken: token, newPassword: 'proof-by-mailbox-link' })).statusCode,
    ).toBe(200);
    expect((await post('/auth/login', { email, password: 'proof-by-mailbox-link' })).statusCode).toBe(200);
  });

  it('limits reset requests per address from one client (3 an hour) with 429 and Retry-After', async () => {
    const user = await createUser(t.db);
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1)
      expect((await post('/auth/reset-password', { email: user.email }, { ip })).statusCode).toBe(200);
    const blocked = await post('/auth/reset-password', { email: user.email }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: MESSAGES.tooManyResets, code: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post('/auth/reset-password', { email: user.email })).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous uses of a link through', { tags: ['engine'] }, async () => {
    const user = await createUser(t.db);
    const { token } = await requestReset(user.email);
    const [a, b] = await Promise.all([
      post('/auth/update-password', { resetToken: token, newPassword: 'first-of-the-twins' }),
      post('/auth/update-password', { resetToken: token, newPassword: 'second-of-the-twins' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  });
});
