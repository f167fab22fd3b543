import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Order } from '@shop/contract';
import { expect, expectAccessible, screenshots, test, waitForMail } from './fixtures.js';
import { signUpAndLogIn, uniqueEmail } from './support/accounts.js';
import { translator, type Lang } from './support/i18n.js';

/**
 * The consumer-law journey (docs/decisions/0024): a shopper orders with cash on delivery,
 * asks to withdraw on the public /withdrawal page with the order reference, email and name, opens
 * the link mailed to the order's address and confirms there, and gets the acknowledgement by mail
 * (in both languages); then downloads their data and deletes their account from the profile.
 * And the law's pages (privacy, terms, withdrawal) and the profile's data offers, in Bulgarian (one
 * language per journey, decision 0049: the journey above runs in English).
 */

interface ApiProduct {
  id: number;
  stockTracked: boolean;
  colors: { id: number }[];
  sizes: { size: string }[];
  stock: { colorId: number; size: string; available: number }[];
}

/** One in-stock colour and size of the demo catalogue, in the cart, then ordered with cash on delivery. */
async function orderCashOnDelivery(
  request: APIRequestContext,
  token: string,
  lang: Lang = 'en',
): Promise<{ orderId: number; reference: string }> {
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
  const checkout = await request.post(`/api/checkout/session?lang=${lang}`, {
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
  const { orderId } = (await checkout.json()) as { orderId: number };
  const order = (await (await request.get(`/api/orders/${orderId}`, { headers })).json()) as { reference: string };
  return { orderId, reference: order.reference };
}

const SUBJECTS: Record<Lang, { link: RegExp; acknowledgement: RegExp }> = {
  en: { link: /^Confirm your withdrawal/, acknowledgement: /^We received your withdrawal/ },
  bg: { link: /^Потвърдете отказа си/, acknowledgement: /^Получихме отказа ви/ },
};

/**
 * The public withdrawal, from the footer to the acknowledgement: the form (with a name that is not
 * the shopper's, which no mail repeats), the link mailed to the order's address, the page it opens
 * (nothing recorded until its button), the confirmation, and the acknowledgement by mail.
 */
async function withdrawThroughTheMailedLink(
  page: Page,
  outboxDir: string,
  lang: Lang,
  shopper: { email: string; name: string; token: string },
  order: { orderId: number; reference: string },
) {
  const t = translator(lang);
  await page.goto('/');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: t('footer.withdrawal') })
    .click();
  await expect(page).toHaveURL(/\/withdrawal$/);
  await page
    .getByRole('textbox', { name: t('withdrawal.form.orderId'), exact: true })
    .fill(order.reference.toLowerCase());
  await page.getByRole('textbox', { name: t('withdrawal.form.email'), exact: true }).fill(shopper.email);
  await page.getByRole('textbox', { name: t('withdrawal.form.name'), exact: true }).fill('Pay the fee at evil.example');
  await page.getByRole('button', { name: t('withdrawal.form.submit') }).click();
  await expect(page.getByText(t('withdrawal.sent.title'))).toBeVisible();
  await screenshots(page, `withdrawal-sent-${lang}`);

  const linkMail = await waitForMail(outboxDir, shopper.email, SUBJECTS[lang].link);
  expect(linkMail.subject).toContain(order.reference);
  expect(linkMail.text).toContain(shopper.name);
  expect(`${linkMail.subject}${linkMail.text}${linkMail.html}`).not.toContain('evil.example');
  const link = /https?:\/\/\S+\/withdrawal\/confirm\?token=[\w-]+/.exec(linkMail.text)?.[0];
  expect(link, linkMail.text).toBeTruthy();
  const headers = { Authorization: `Bearer ${shopper.token}` };
  const recorded = async () =>
    ((await (await page.request.get(`/api/orders/${order.orderId}`, { headers })).json()) as { withdrawal: unknown })
      .withdrawal;

  // Opening the link records nothing (mail scanners open links): only its button does.
  const { pathname, search } = new URL(link!);
  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole('heading', { level: 1, name: t('withdrawal.confirm.title') })).toBeVisible();
  await expect(page.getByText(new RegExp(order.reference)).first()).toBeVisible();
  expect(await recorded()).toBeNull();
  await expectAccessible(page);
  await screenshots(page, `withdrawal-confirm-${lang}`);
  await page.getByRole('button', { name: t('withdrawal.confirm.submit') }).click();
  await expect(page.getByText(t('withdrawal.success.title'))).toBeVisible();
  // The moment to the second; Bulgarian writes the hour without a leading zero ("0:52:31").
  await expect(page.getByText(new RegExp(`${order.reference}.+\\d{1,2}:\\d{2}:\\d{2}`))).toBeVisible();
  await screenshots(page, `withdrawal-done-${lang}`);
  expect(await recorded()).toMatchObject({ submittedAt: expect.any(String) });

  const acknowledgement = await waitForMail(outboxDir, shopper.email, SUBJECTS[lang].acknowledgement);
  expect(acknowledgement.subject).toContain(order.reference);
  expect(acknowledgement.text).toContain(shopper.name);
  expect(acknowledgement.text).not.toContain('evil.example');

  // The link works once: opened again, it says the withdrawal stands.
  await page.reload();
  await expect(page.getByText(t('withdrawal.success.title'))).toBeVisible();
  await expect(page.getByRole('button', { name: t('withdrawal.confirm.submit') })).toHaveCount(0);
}

test('withdraw from a cash-on-delivery order through the mailed link, then take the data and delete the account', async ({
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
  const order = await orderCashOnDelivery(page.request, shopper.token);
  await withdrawThroughTheMailedLink(page, shop.outboxDir, 'en', shopper, order);

  // Download my data: one JSON file with what the shop keeps about them (api/src/modules/privacy):
  // the profile, the order with its delivery and withdrawal, the sessions, and no secret.
  await page.goto('/profile');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t('yourData.download') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^atelier-noir-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = readFileSync(await download.path(), 'utf8');
  const data = JSON.parse(exported) as {
    profile: Record<string, unknown>;
    orders: Order[];
    cart: unknown[];
    wishlist: unknown[];
    stockAlerts: unknown[];
    sessions: { createdAt: string; expiresAt: string }[];
  };
  expect(data.profile).toMatchObject({
    email: shopper.email,
    name: 'Ana Petrova',
    language: 'en',
    createdAt: expect.any(String),
  });
  expect(data.orders).toEqual([
    expect.objectContaining({
      id: order.orderId,
      reference: order.reference,
      paymentMethod: 'cod',
      delivery: expect.objectContaining({ name: 'Ana Petrova', city: 'Sofia', line1: '1 Vitosha Blvd' }),
      withdrawal: expect.objectContaining({ submittedAt: expect.any(String) }),
    }),
  ]);
  expect(data.orders[0]!.items).toHaveLength(1);
  expect(data).toMatchObject({ cart: [], wishlist: [], stockAlerts: [] });
  expect(data.sessions).toContainEqual({ createdAt: expect.any(String), expiresAt: expect.any(String) });
  expect(exported).not.toContain(shopper.password);
  expect(exported).not.toContain(shopper.token);
  expect(exported).not.toMatch(/password|hash|token/i);

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

test.describe('in Bulgarian', () => {
  test.use({ lang: 'bg' });

  test('the public withdrawal goes through the link mailed to the order’s address', async ({ page, baseURL, shop }) => {
    const shopper = await signUpAndLogIn(page, baseURL!, shop.outboxDir, {
      name: 'Мила Петрова',
      email: uniqueEmail('law-withdraw-bg'),
      password: 'quiet-linen-4821',
    });
    const order = await orderCashOnDelivery(page.request, shopper.token, 'bg');
    await withdrawThroughTheMailedLink(page, shop.outboxDir, 'bg', shopper, order);
  });
});

test.describe("the law's pages in bg", () => {
  test.use({ lang: 'bg' });

  test('privacy, terms and withdrawal name the seller, on the server too', async ({ page, lang }) => {
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
    lang,
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
