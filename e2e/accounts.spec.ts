import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenshots, test, toast } from './fixtures.js';
import { resetLink, signUpAndLogIn, uniqueEmail, verificationCode } from './support/accounts.js';
import { translator, type Lang } from './support/i18n.js';

// Twice the 40.2 s the longest journey here took (decision 0049).
test.use({ budget: 90_000 });

/**
 * The accounts journey, in Bulgarian (one language per journey, decision 0049): sign up → the mailed code → verify →
 * profile → edit and save → avatar → logout (noticed by a second tab) → forgot password →
 * the mailed link → a new password → log in. Every bad input on the way gets the spec's message.
 */

/** A 96×96 PNG (a light figure on oxblood). */
const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABgCAMAAADVRocKAAABYlBMVEX08Oji0czw6uPx7OR+JjPy7ubKqKd9JDHhz8yGND9/JzTaxcK6jY/YwLytdnru6OHr39rw6+OueX2lam/Zw8DaxMGBKjambHGBKjfbx8PJpqbhz8vbyMTFoKDv6eKQRU/s4tuMPkh+JTKteHzYwb6WUFikaG7t5d2RR1GNQEqMQEq4iYybWGC5i421hIama3CDLzzDm5y5jI7DnZ3RtbPgzcmYU1vq3tjXv7vEn57u6OCdXGPl2NKVTFWQRU7cycSMPUeCKzjcyMSnbXOHNUDUubbs49vdysWpb3TOsa/v6OKWT1fr4NvUurfey8bBmZrZwr+qcnbVu7jj087x6+SqcXaYUVmlaW/PsrHCmZvVvLmcWmGSSFK4io3fzMicW2LfzcmKOkXk19GUS1TJpaWsdHnt5+CnbHLq39mfXmTKp6aPRU6eXWTi0MvSt7Xm2tOVTlaLPEfm2dOtd3vYwL27j5EFu2YjAAAACXBIWXMAAAPoAAAD6AG1e1JrAAACF0lEQVRo3u3X11bbQBAG4HFTcS+4YJtiINjYmGZC6NWQBEInlZoA6T3w/txysKUdzazOycX+DzCfjqSdmQXd5YACFKAABShAAQpQwIMMJbXVF4lEfFXrr8oHgp8G4F5usn65wHcPPIgxJxFY6YI2mcnJAppFaJuQKQdoGmARw5QBrBTBMqGMBKALbNLgA3Ngmy9cIOixBwp+JrAGgqSYwJ4IiPCAIVF9CJRYQFIIQJQFaGIgzwKWxEAnC4iLgScswCsGuv9vwPVX5PpH/ioGrlhAv9sHrRoQtoplXrMbcLnZ6VkRMMgE/IZ9/cfcgaOf2wPD/KE/Y1d/XMJWkQtZ1++QsbbopuVnKJhyVkczbfH8pqzlN9do+/4zurz1/bjQ8n8O61IvIP7RyL2uEYi87pN/hSpF88W41/u5Mx9dVrdMBSjABSB4MhrWpj29GwAbvZ5pLZyqBOUBPSOT5dZeV54cWZQB/Kn/sB44xul7JjD1xmc/k33PXzGAhXVA5OclERh76wNUfLtjFGDrENCZn3IOJI/AQRL/nAK34DBhZ8AEOE7NCXANhLzEAz0xCrBZwQJ9ISAljQXWgJgUErigAjs44BGQ8xsFhOlAHQW8owPbKOAXHZhHATE6EHMb+IgC/tKBDyjggA6so4AJOlBz+6At4FrFGbX+U2QvylKBQew8SNPqd6AHzuIspf7sN/zI3KcAz9qWugNqkdrTFByGFQAAAABJRU5ErkJggg==',
  'base64',
);

/** The toast with `text` (several may be on screen at once). */
/** A message in the page's form (an inline error or notice), as opposed to a toast. */
const inForm = (page: Page, text: string) => page.locator('main form').getByText(text, { exact: true });

/** How the app shows a server message: as written in English, by its code in Bulgarian. */
const serverText = (t: ReturnType<typeof translator>, lang: Lang, english: string, code: string) =>
  lang === 'en' ? english : t(`apiErrors.${code}`);

test.describe('accounts (bg)', () => {
  test.use({ lang: 'bg' });

  test('sign up, verify, edit the profile and avatar, log out, reset the password, log in', async ({
    page,
    context,
    shop,
    lang,
  }) => {
    const t = translator(lang);
    const email = uniqueEmail(`accounts-${lang}`);
    const password = 'midnight-velvet-42';
    const newPassword = 'linen-morning-frost-7';
    const field = (key: string) => page.getByLabel(t(key), { exact: true });

    // Sign up: a mismatch first, then for real.
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: t('auth.signup.title') })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, `accounts-signup-${lang}`);
    await page.getByRole('button', { name: t('auth.signup.submit') }).click();
    await expect(inForm(page, t('auth.signup.nameRequired'))).toBeVisible();
    await field('auth.fields.fullName').fill('Mira Petrova');
    await field('auth.fields.email').fill(email);
    await field('auth.fields.password').fill(password);
    await field('auth.fields.confirmPassword').fill(`${password}!`);
    await page.getByRole('button', { name: t('auth.signup.submit') }).click();
    await expect(toast(page, t('auth.signup.mismatch'))).toBeVisible();
    await field('auth.fields.confirmPassword').fill(password);
    await page.getByRole('button', { name: t('auth.signup.submit') }).click();
    await expect(toast(page, t('auth.signup.success'))).toBeVisible();
    await expect(page).toHaveURL(/\/verify-otp$/);
    await expect(page.getByText(email)).toBeVisible();

    // The code from the mail: a wrong one is refused, the right one opens the profile 2 s later.
    const code = await verificationCode(shop.outboxDir, email);
    const codeField = field('auth.fields.code');
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: t('auth.otp.submit') }).click();
    const wrongCode = serverText(
      t,
      lang,
      'Incorrect code! Please check and enter the correct verification code.',
      'INVALID_CODE',
    );
    await expect(toast(page, wrongCode)).toBeVisible();
    await expect(inForm(page, wrongCode)).toHaveAttribute('role', 'alert');
    await expectAccessible(page);
    await screenshots(page, `accounts-verify-${lang}`);
    await codeField.fill(code);
    await page.getByRole('button', { name: t('auth.otp.submit') }).click();
    await expect(toast(page, t('auth.otp.success'))).toBeVisible();
    const verifiedAt = Date.now();
    await expect(page).toHaveURL(/\/profile$/, { timeout: 6_000 });
    expect(Date.now() - verifiedAt).toBeGreaterThan(1_500);

    // The profile: read-only email, Save only after a change.
    const save = page.getByRole('button', { name: t('profile.save') });
    await expect(page.getByLabel(t('profile.fields.email'), { exact: true })).toHaveValue(email);
    await expect(page.getByLabel(t('profile.fields.email'), { exact: true })).toHaveAttribute('readonly', '');
    await expect(save).toBeDisabled();
    await page.getByLabel(t('profile.fields.name'), { exact: true }).fill('Mira P. Ivanova');
    await expect(save).toBeEnabled();
    await page.getByLabel(t('profile.fields.address'), { exact: true }).fill('ul. Shipka 12, Sofia');
    await page.getByLabel(t('profile.fields.phone'), { exact: true }).fill('abc');
    await save.click();
    await expect(toast(page, t('profile.saveFailed'))).toBeVisible();
    await expect(inForm(page, t('profile.errors.phone'))).toBeVisible();
    await page.getByLabel(t('profile.fields.phone'), { exact: true }).fill('+359 88 123 4567');

    // The avatar: a file that only pretends to be a PNG is refused by the server; a real one previews at once.
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'avatar.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not really a picture'.repeat(20)),
    });
    const notAnImage = serverText(t, lang, 'Only JPEG, PNG and WebP images are accepted.', 'UNSUPPORTED_MEDIA_TYPE');
    await expect(inForm(page, notAnImage)).toHaveAttribute('role', 'alert');
    await fileInput.setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: AVATAR_PNG });
    const avatar = page.getByRole('img', { name: t('profile.avatar.alt', { name: 'Mira P. Ivanova' }) });
    await expect(avatar).toHaveAttribute('src', /^\/files\/[a-f0-9]{64}$/);
    await expectAccessible(page);
    await screenshots(page, `accounts-profile-${lang}`);
    await save.click();
    await expect(toast(page, t('profile.saved'))).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const navAvatar = page.getByRole('link', { name: t('nav.profileOf', { name: 'Mira P. Ivanova' }) });
    await expect(navAvatar.locator('img')).toHaveAttribute('src', /^\/files\//);

    // Saved for real: a fresh load shows it all.
    await page.goto('/profile');
    await expect(page.getByLabel(t('profile.fields.name'), { exact: true })).toHaveValue('Mira P. Ivanova');
    await expect(page.getByLabel(t('profile.fields.address'), { exact: true })).toHaveValue('ul. Shipka 12, Sofia');
    await expect(page.getByLabel(t('profile.fields.phone'), { exact: true })).toHaveValue('+359 88 123 4567');
    await expect(avatar).toHaveAttribute('src', /^\/files\/[a-f0-9]{64}$/);

    // Logout: the toast, /login, and a second tab notices.
    const otherTab = await context.newPage();
    await otherTab.goto('/profile');
    await expect(otherTab.getByLabel(t('profile.fields.name'), { exact: true })).toHaveValue('Mira P. Ivanova');
    await page.getByRole('button', { name: t('profile.logout') }).click();
    await expect(toast(page, t('auth.logout.done'))).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(otherTab).toHaveURL(/\/login$/, { timeout: 4_000 });
    await otherTab.close();

    // Forgot password uses the email field: empty, malformed, then right.
    await expectAccessible(page);
    await screenshots(page, `accounts-login-${lang}`);
    const forgot = page.getByRole('button', { name: t('auth.login.forgotPassword') });
    await forgot.click();
    await expect(toast(page, t('auth.reset.emailFirst'))).toBeVisible();
    await field('auth.fields.email').fill('mira-at-example');
    await forgot.click();
    await expect(toast(page, t('auth.reset.invalidEmail'))).toBeVisible();
    await field('auth.fields.email').fill(email);
    await forgot.click();
    await expect(toast(page, t('auth.reset.sent'))).toBeVisible();
    await expect(page.locator('main form').getByText(t('auth.reset.spamHint'), { exact: false })).toBeVisible();

    // The mailed link: a mismatch, then a new password; the login page 3 s later.
    await page.goto(await resetLink(shop.outboxDir, email));
    await expect(page.getByRole('heading', { level: 1, name: t('auth.resetPage.title') })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, `accounts-reset-${lang}`);
    await field('auth.fields.newPassword').fill(newPassword);
    await field('auth.fields.confirmNewPassword').fill(password);
    await page.getByRole('button', { name: t('auth.resetPage.submit') }).click();
    await expect(toast(page, t('auth.resetPage.mismatch'))).toBeVisible();
    await field('auth.fields.confirmNewPassword').fill(newPassword);
    await page.getByRole('button', { name: t('auth.resetPage.submit') }).click();
    await expect(toast(page, t('auth.resetPage.success'))).toBeVisible();
    const resetAt = Date.now();
    await expect(page).toHaveURL(/\/login$/, { timeout: 7_000 });
    expect(Date.now() - resetAt).toBeGreaterThan(2_500);

    // Log in: unknown email, the old password, then the new one.
    const logIn = page.getByRole('button', { name: t('auth.login.submit'), exact: true });
    await field('auth.fields.email').fill(`nobody-${email}`);
    await field('auth.fields.password').fill(newPassword);
    await logIn.click();
    await expect(toast(page, t('auth.login.failureToast'))).toBeVisible();
    await expect(inForm(page, t('auth.login.notFound'))).toHaveAttribute('role', 'alert');
    await field('auth.fields.email').fill(email);
    await field('auth.fields.password').fill(password);
    await logIn.click();
    await expect(inForm(page, t('auth.login.wrongPassword'))).toHaveAttribute('role', 'alert');
    await page.getByRole('button', { name: t('field.showPassword') }).click();
    await expect(field('auth.fields.password')).toHaveAttribute('type', 'text');
    await field('auth.fields.password').fill(newPassword);
    await logIn.click();
    await expect(toast(page, t('auth.login.success'))).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByLabel(t('profile.fields.name'), { exact: true })).toHaveValue('Mira P. Ivanova');
  });
});

test('an unverified account that logs in is sent to enter a fresh code', async ({ page, shop }) => {
  const t = translator('en');
  const email = uniqueEmail('unverified');
  const signup = await page.request.post('/api/auth/signup', {
    data: { name: 'Late Verifier', email, password: 'quiet-harbour-lights' },
  });
  expect(signup.status()).toBe(201);
  const first = await verificationCode(shop.outboxDir, email);
  await page.goto('/login');
  await page.getByLabel(t('auth.fields.email'), { exact: true }).fill(email);
  await page.getByLabel(t('auth.fields.password'), { exact: true }).fill('quiet-harbour-lights');
  await page.getByRole('button', { name: t('auth.login.submit'), exact: true }).click();
  await expect(toast(page, t('auth.login.notVerified'))).toBeVisible();
  await expect(page).toHaveURL(/\/verify-otp$/);
  await expect.poll(() => verificationCode(shop.outboxDir, email)).not.toBe(first);
  await page.getByLabel(t('auth.fields.code'), { exact: true }).fill(await verificationCode(shop.outboxDir, email));
  await page.getByRole('button', { name: t('auth.otp.submit') }).click();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 6_000 });
});

test('signUpAndLogIn gives a logged-in page, and another tab notices the login at once', async ({
  page,
  context,
  shop,
}) => {
  const t = translator('en');
  await page.goto('/');
  const otherTab = await context.newPage();
  await otherTab.goto('/');
  await expect(otherTab.getByRole('link', { name: t('nav.login'), exact: true })).toBeVisible();

  const shopper = await signUpAndLogIn(page, shop.baseURL, shop.outboxDir, {
    name: 'Vera Koleva',
    email: uniqueEmail('helper'),
    password: 'amber-coast-evening',
  });
  expect(shopper.token).toMatch(/^[\w-]{43}$/);
  const profileLink = (tab: Page) => tab.getByRole('link', { name: t('nav.profileOf', { name: 'Vera Koleva' }) });
  await expect(profileLink(page)).toBeVisible();
  await expect(profileLink(otherTab)).toBeVisible({ timeout: 4_000 });
  await page.goto('/profile');
  await expect(page.getByLabel(t('profile.fields.name'), { exact: true })).toHaveValue('Vera Koleva');
});
