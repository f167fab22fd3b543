import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readOutbox, type OutboxMail } from './mail.js';

export interface NewShopper {
  name: string;
  email: string;
  password: string;
}

export interface SignedInShopper extends NewShopper {
  /** The session token, as stored in localStorage under `token`. */
  token: string;
}

/** Polls the outbox (up to 10 s) for the newest mail to `email` that `pick` finds something in. */
async function fromNewestMail(
  outboxDir: string,
  email: string,
  pick: (mail: OutboxMail) => string | undefined,
  what: string,
) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = readOutbox(outboxDir).filter((mail) => mail.to.toLowerCase().includes(email.toLowerCase()));
    const found = mails.map(pick).filter(Boolean).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} in the mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** The 6-digit code of the newest verification mail to `email` (in its text: never in a subject, which is logged). */
export const verificationCode = (outboxDir: string, email: string) =>
  fromNewestMail(
    outboxDir,
    email,
    (mail) =>
      /verification code|код за потвърждение/.test(mail.subject) ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined,
    'verification code',
  );

/** The password-reset link of the newest reset mail to `email`. */
export const resetLink = (outboxDir: string, email: string) =>
  fromNewestMail(
    outboxDir,
    email,
    (mail) => /(https?:\/\/\S+\/reset-password\/[\w-]+)/.exec(mail.text)?.[1],
    'reset link',
  );

/**
 * A verified, logged-in shopper for any journey: signs up through the real API, reads the code
 * from the outbox, verifies it, and puts the session token where the app keeps it, so `page`
 * is logged in on its next navigation. The shop limits signups to 10 an hour per client
 * address: a journey needing more shoppers should reuse one.
 */
export async function signUpAndLogIn(
  page: Page,
  baseURL: string,
  outboxDir: string,
  shopper: NewShopper,
): Promise<SignedInShopper> {
  const signup = await page.request.post(`${baseURL}/api/auth/signup`, {
    data: { name: shopper.name, email: shopper.email, password: shopper.password },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const otp = await verificationCode(outboxDir, shopper.email);
  const verified = await page.request.post(`${baseURL}/api/auth/verify-otp`, { data: { email: shopper.email, otp } });
  expect(verified.status(), await verified.text()).toBe(200);
  const { token } = (await verified.json()) as { token: string };

  if (!page.url().startsWith(baseURL)) await page.goto(`${baseURL}/`);
  await page.evaluate((value) => {
    localStorage.setItem('token', value);
    window.dispatchEvent(new Event('shop:token'));
  }, token);
  return { ...shopper, token };
}

/** A unique address for a journey's new account. */
export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** The Authorization header of a session, for the API calls a journey makes as that account. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Logs in through the API; answers the session token. */
export async function logIn(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Puts a session where the app keeps it (null: signs out) and reloads, so the page is that account's. */
export async function useToken(page: Page, token: string | null): Promise<void> {
  await page.evaluate((value) => {
    if (value) localStorage.setItem('token', value);
    else localStorage.removeItem('token');
  }, token);
  await page.reload();
}
