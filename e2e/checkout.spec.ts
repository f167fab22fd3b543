import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, screenshots, test, waitForMail } from './fixtures.js';

/**
 * The checkout journey on the embedded defaults: add to cart → checkout → the built-in test
 * payment page (a declined card first, then 4242…) → "Payment Successful!" → the paid order in
 * My Orders and an empty cart; and, in Bulgarian, a cancelled payment that leaves the cart intact.
 */

type Lang = 'en' | 'bg';
const locales = Object.fromEntries(
  (['en', 'bg'] as const).map((lang) => [
    lang,
    JSON.parse(readFileSync(join(import.meta.dirname, `../web/src/locales/${lang}.json`), 'utf8')) as Record<
      string,
      unknown
    >,
  ]),
) as Record<Lang, Record<string, unknown>>;

/** The app's own text for `key`, with `{{vars}}` and i18next's `_one`/`_other` forms. */
const translator =
  (lang: Lang) =>
  (key: string, vars: Record<string, string | number> = {}) => {
    const lookup = (path: string) =>
      path
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], locales[lang]);
    const plural = typeof vars.count === 'number' ? lookup(`${key}_${vars.count === 1 ? 'one' : 'other'}`) : undefined;
    const text = plural ?? lookup(key);
    if (typeof text !== 'string') throw new Error(`no ${lang} text for ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
  };

interface ApiProduct {
  id: number;
  name: string;
  price: number;
  colors: { id: number; colorName: string }[];
  sizes: { size: string }[];
}

async function createShopper(request: APIRequestContext, outboxDir: string, locale: Lang) {
  const email = `checkout-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signup = await request.post('/api/auth/signup', {
    data: { name: 'Mila Petrova', email, password: 'velvet-shadow-42', locale },
  });
  expect(signup.status()).toBe(201);
  const otp = /\b(\d{6})\b/.exec((await waitForMail(outboxDir, email)).text)?.[1];
  const verified = await request.post('/api/auth/verify-otp', { data: { email, otp } });
  expect(verified.ok()).toBe(true);
  return { email, token: ((await verified.json()) as { token: string }).token };
}

async function logIn(page: Page, token: string) {
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.reload();
}

async function fillCard(page: Page, cardNumber: string) {
  await page.locator('input[name="name"]').fill('Mila Petrova');
  await page.locator('input[name="cardNumber"]').fill(cardNumber);
  await page.locator('input[name="expiry"]').fill('12/34');
  await page.locator('input[name="cvc"]').fill('123');
}

const moneyIn = (page: Page, amount: number, lang: Lang) =>
  page.evaluate(
    ([value, locale]) =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'USD',
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
      }).format(value),
    [amount, lang === 'bg' ? 'bg-BG' : 'en-US'] as const,
  );

test('pay on the built-in page: the order is paid, mailed, listed in My Orders, and the cart is empty', async ({
  page,
  request,
  shop,
}) => {
  test.setTimeout(120_000);
  const t = translator('en');
  const products = (await (await request.get('/api/products')).json()) as ApiProduct[];
  const product = products.find((p) => p.colors.length > 0 && p.sizes.length > 0)!;
  const [color, size] = [product.colors[0]!.colorName, product.sizes[0]!.size];
  await page.goto('/');
  const shopper = await createShopper(request, shop.outboxDir, 'en');
  await logIn(page, shopper.token);

  // Add to cart on the product page: two of one colour and size.
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: color, exact: true }).click();
  await page.getByRole('button', { name: size, exact: true }).click();
  await page.getByRole('button', { name: t('quantity.increase') }).click();
  await page.getByRole('button', { name: t('product.addToCart') }).click();
  await expect(page.getByRole('link', { name: t('nav.cart', { count: 2 }), exact: true })).toBeVisible();

  // Cart → Checkout: the summary and the pay button named after the built-in page.
  await page.goto('/cart');
  await page.getByRole('link', { name: t('cart.checkout'), exact: true }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const line = page.getByRole('listitem').filter({ hasText: product.name });
  await expect(line).toContainText(t('checkout.quantity', { count: 2 }));
  await expect(line).toContainText(t('checkout.unitPrice', { price: await moneyIn(page, product.price, 'en') }));
  const total = await moneyIn(page, product.price * 2, 'en');
  await expect(page.getByTestId('checkout-total')).toHaveText(total);
  const pay = page.getByRole('button', { name: 'Pay by card (test)' });
  await expect(pay).toBeEnabled();
  await expectAccessible(page);
  await screenshots(page, 'checkout-en');

  // The built-in payment page: clearly a test page, the amount, a decline that keeps it open.
  await pay.click();
  await expect(page).toHaveURL(/\/pay\/cs_local_/);
  await expect(page.getByText('Test payment page').first()).toBeVisible();
  await expect(page.getByText(total).first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'pay-page-en');
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined. Please use another card.');
  await screenshots(page, 'pay-page-declined-en');

  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: `Pay ${total}` }).click();

  // Back in the shop: the result, the paid order, and the cart emptied everywhere.
  await expect(page).toHaveURL(/\/checkout-success\?session_id=cs_local_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('Thank you for your purchase.')).toBeVisible();
  await expect(page.getByText(`${t('orders.statusLabel')}: ${t('orders.status.paid')}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: t('nav.cart', { count: 0 }), exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'checkout-success-en');

  const mail = await waitForMail(shop.outboxDir, shopper.email, /is confirmed/);
  expect(mail.text).toContain(`2 × ${product.name}`);
  expect(mail.text).toContain(`Total: ${total}`);

  await page.getByRole('link', { name: t('checkout.result.viewOrders') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('orders.title') })).toBeVisible();
  const orders = page.getByRole('article');
  await expect(orders).toHaveCount(1);
  await expect(orders.first()).toContainText(t('orders.status.paid'));
  await expect(orders.first()).toContainText(product.name);
  await expect(orders.first()).toContainText(total);
  await expectAccessible(page);
  await screenshots(page, 'my-orders-en');

  await page.goto('/cart');
  await expect(page.getByRole('main').getByText(t('cart.empty'))).toBeVisible();
});

test.describe('in Bulgarian', () => {
  test.use({ lang: 'bg' });

  test('a cancelled payment says so and leaves the cart as it was', async ({ page, request, shop }) => {
    test.setTimeout(120_000);
    const t = translator('bg');
    const products = (await (await request.get('/api/products?lang=bg')).json()) as ApiProduct[];
    const product = products.find((p) => p.colors.length > 0 && p.sizes.length > 0)!;
    await page.goto('/');
    const shopper = await createShopper(request, shop.outboxDir, 'bg');
    const added = await request.post('/api/cart', {
      headers: { authorization: `Bearer ${shopper.token}` },
      data: {
        productId: product.id,
        selectedColor: product.colors[0]!.id,
        selectedSize: product.sizes[0]!.size,
        quantity: 3,
      },
    });
    expect(added.status()).toBe(201);
    await logIn(page, shopper.token);

    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: t('checkout.title') })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: product.name })).toContainText(
      t('checkout.quantity', { count: 3 }),
    );
    await page.getByRole('button', { name: t('checkout.pay.local') }).click();

    await expect(page).toHaveURL(/\/pay\/cs_local_/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'bg');
    await expect(page.getByText('Тестова страница за плащане').first()).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'pay-page-bg');
    await page.getByRole('button', { name: 'Отказ и връщане към магазина' }).click();

    await expect(page).toHaveURL(/\/checkout-cancelled\?session_id=cs_local_/);
    await expect(page.getByRole('heading', { level: 1, name: t('checkout.result.cancelledTitle') })).toBeVisible();
    await expect(page.getByText(t('checkout.result.cancelledText'))).toBeVisible();
    await expect(
      page.getByText(`${t('orders.statusLabel')}: ${t('orders.status.cancelled')}`, { exact: true }),
    ).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'checkout-cancelled-bg');

    await page.getByRole('link', { name: t('checkout.backToCart') }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('link', { name: t('nav.cart', { count: 3 }), exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: t('cart.linesLabel') }).getByRole('listitem')).toHaveCount(1);

    await page.goto('/my-order');
    await expect(page.getByRole('article').first()).toContainText(t('orders.status.cancelled'));
    await screenshots(page, 'my-orders-bg');
  });
});
