import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, screenshots, test, waitForMail } from './fixtures.js';
import { signUpAndLogIn, uniqueEmail } from './support/accounts.js';
import { translator, type Lang } from './support/i18n.js';

/**
 * The consumer-law journey (OPERATIONS.md section 6): a shopper orders with cash on delivery,
 * withdraws on the public /withdrawal page with the order number, email and name, and gets the
 * acknowledgement by mail; then downloads their data and deletes their account from the profile.
 * And the law's pages (privacy, terms, withdrawal, the size guide) in both languages.
 */

interface ApiProduct {
  id: number;
  stockTracked: boolean;
  colors: { id: number }[];
  sizes: { size: string }[];
  stock: { colorId: number; size: string; available: number }[];
}

/** One in-stock colour and size of the demo catalogue, in the cart, then ordered with cash on delivery. */
async function orderCashOnDelivery(request: APIRequestContext, token: string): Promise<number> {
  const headers = { Authorization: `Bearer ${token}` };
  const products = (await (await request.get('/api/products')).json()) as ApiProduct[];
  const pick = products
    .map((product) => {
      const entry = product.stockTracked
        ? product.stock.find((candidate) => candidate.available > 0)
        : { colorId: product.colors[0]?.id, size: product.sizes[0]?.size };
      return entry?.colorId && entry.size ? { productId: product.id, color: entry.colorId, size: entry.size } : null;
    })
    .find(Boolean);
  if (!pick) throw new Error('no product in stock');
  const added = await request.post('/api/cart', {
    headers,
    data: { productId: pick.productId, selectedColor: pick.color, selectedSize: pick.size, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const checkout = await request.post('/api/checkout/session', {
    headers,
    data: {
      delivery: {
        method: 'address',
        name: 'Ana Petrova',
        phone: '+359 88 123 4567',
        country: 'BG',
        city: 'Sofia',
        postcode: '1000',
        line1: '1 Vitosha Blvd',
      },
      paymentMethod: 'cod',
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  return ((await checkout.json()) as { orderId: number }).orderId;
}

test('withdraw from a cash-on-delivery order without logging in, then take the data and delete the account', async ({
  page,
  baseURL,
  shop,
}) => {
  const t = translator('en');
  const shopper = await signUpAndLogIn(page, baseURL!, shop.outboxDir, {
    name: 'Ana Petrova',
    email: uniqueEmail('law'),
    password: 'quiet-linen-4821',
  });
  const orderId = await orderCashOnDelivery(page.request, shopper.token);

  // The public withdrawal form, reached from the footer.
  await page.goto('/');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: t('footer.withdrawal') })
    .click();
  await expect(page).toHaveURL(/\/withdrawal$/);
  await page.getByRole('textbox', { name: t('withdrawal.form.orderId'), exact: true }).fill(String(orderId));
  await page.getByRole('textbox', { name: t('withdrawal.form.email'), exact: true }).fill(shopper.email);
  await page.getByRole('textbox', { name: t('withdrawal.form.name'), exact: true }).fill(shopper.name);
  await page.getByRole('button', { name: t('withdrawal.form.submit') }).click();
  await expect(page.getByText(t('withdrawal.success.title'))).toBeVisible();
  await expect(page.getByText(new RegExp(`order #${orderId} on `))).toBeVisible();
  await expect(page.getByText(t('withdrawal.success.mail'))).toBeVisible();

  const mail = await waitForMail(shop.outboxDir, shopper.email, /withdrawal/i);
  expect(mail.subject).toContain(`#${orderId}`);
  expect(mail.text).toContain('This mail is your acknowledgement.');

  // Twice is refused, in words.
  await page.reload();
  await page.getByRole('textbox', { name: t('withdrawal.form.orderId'), exact: true }).fill(String(orderId));
  await page.getByRole('textbox', { name: t('withdrawal.form.email'), exact: true }).fill(shopper.email);
  await page.getByRole('textbox', { name: t('withdrawal.form.name'), exact: true }).fill(shopper.name);
  await page.getByRole('button', { name: t('withdrawal.form.submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(t('withdrawal.form.errors.alreadyWithdrawn'));

  // Download my data: a JSON file with the account's email.
  await page.goto('/profile');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t('yourData.download') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^atelier-noir-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = readFileSync(await download.path(), 'utf8');
  expect(exported).toContain(shopper.email);
  expect(JSON.parse(exported)).toBeTruthy();

  // Delete my account: a wrong password stays on the field, the right one signs out.
  await expectAccessible(page);
  await page.getByRole('button', { name: t('yourData.delete') }).click();
  const dialog = page.getByRole('dialog', { name: t('yourData.confirm.title') });
  await dialog.getByLabel(t('yourData.confirm.password')).fill('not-my-password');
  await dialog.getByRole('button', { name: t('yourData.confirm.submit') }).click();
  await expect(dialog.getByText(t('yourData.confirm.wrongPassword'))).toBeVisible();
  await dialog.getByLabel(t('yourData.confirm.password')).fill(shopper.password);
  await dialog.getByRole('button', { name: t('yourData.confirm.submit') }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByText(t('yourData.deleted'))).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(page.getByRole('link', { name: t('nav.login') })).toBeVisible();
  const login = await page.request.post('/api/auth/login', {
    data: { email: shopper.email, password: shopper.password },
  });
  expect(login.ok()).toBe(false);
});

for (const lang of ['en', 'bg'] as const satisfies Lang[]) {
  test.describe(`the law's pages in ${lang}`, () => {
    test.use({ lang });

    test('privacy, terms and withdrawal name the seller, on the server too', async ({ page }) => {
      const t = translator(lang);
      const settings = (await (await page.request.get('/api/settings')).json()) as {
        seller: { legalName: string };
      };

      for (const [path, title] of [
        ['/privacy', t('privacy.title')],
        ['/terms', t('terms.title')],
        ['/withdrawal', t('withdrawal.title')],
      ] as const) {
        // Rendered by the server: the seller is in the first HTML.
        const html = await (await page.request.get(path, { headers: { cookie: `lang=${lang}` } })).text();
        expect(html, path).toContain(settings.seller.legalName.replace(/"/g, '&quot;'));
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        // Every face the page shows (Cyrillic ones on English pages too) came with its HTML.
        const lateFonts = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.endsWith('.woff2'))
            .filter((entry) => (entry as PerformanceResourceTiming).initiatorType !== 'link')
            .map((entry) => entry.name),
        );
        expect(lateFonts, path).toEqual([]);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByRole('main').getByText(settings.seller.legalName).first()).toBeVisible();
        await expectAccessible(page);
        await screenshots(page, `law-${path.slice(1)}-${lang}`);
      }
      // The footer names the seller on every page, without a font fetched late for it.
      await page.goto('/');
      await expect(page.getByRole('contentinfo').getByText(settings.seller.legalName)).toBeVisible();
      await page.waitForLoadState('networkidle');
      const lateOnHome = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.woff2'))
          .filter((entry) => (entry as PerformanceResourceTiming).initiatorType !== 'link')
          .map((entry) => entry.name),
      );
      expect(lateOnHome).toEqual([]);
      await page.goto('/terms');
      await expect(page.getByText(/kzp\.bg/).first()).toBeVisible();
      await expect(page.locator('a[href*="ec.europa.eu/consumers/odr"]')).toHaveCount(0);
    });

    test('the profile offers the data download and a deletion that asks for the password', async ({
      page,
      baseURL,
      shop,
    }) => {
      const t = translator(lang);
      await signUpAndLogIn(page, baseURL!, shop.outboxDir, {
        name: 'Мила Петрова',
        email: uniqueEmail(`law-${lang}`),
        password: 'quiet-linen-4821',
      });
      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: t('yourData.title') })).toBeVisible();
      await page.getByRole('heading', { name: t('yourData.title') }).scrollIntoViewIfNeeded();
      await screenshots(page, `law-profile-${lang}`);
      await page.getByRole('button', { name: t('yourData.delete') }).click();
      await expect(page.getByRole('dialog', { name: t('yourData.confirm.title') })).toBeVisible();
      await expectAccessible(page);
      await screenshots(page, `law-profile-delete-${lang}`);
    });
  });
}
