import type { CheckoutSession, Product } from '@shop/contract';
import { expect, expectAccessible, screenshots, test, waitForMail } from './fixtures.js';
import { bearer, logIn, uniqueEmail, useToken } from './support/accounts.js';
import { translator } from './support/i18n.js';

// Twice the 28.5 s the longest journey here took (decision 0049).
test.use({ budget: 60_000 });

/**
 * The journeys' shop runs as production with PAYMENTS=test: a card order paid on the built-in
 * page says TEST PAYMENT in its confirmation mail, in the admin list and on the admin order, in
 * English and in Bulgarian.
 */

const t = translator('en');
const tBg = translator('bg');

test('an order paid on the test page says TEST PAYMENT in its mail, in the admin list and on the admin order', async ({
  page,
  request,
  shop,
}) => {
  // A verified shopper pays a card order on the built-in test page.
  const email = uniqueEmail('test-payment');
  const signup = await request.post('/api/auth/signup', {
    data: { name: 'Ana Petrova', email, password: 'velvet-shadow-42' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const otp = /\b(\d{6})\b/.exec((await waitForMail(shop.outboxDir, email)).text)?.[1];
  const verified = await request.post('/api/auth/verify-otp', { data: { email, otp } });
  const shopper = ((await verified.json()) as { token: string }).token;
  const products = (await (await request.get('/api/products?lang=en')).json()) as Product[];
  // A colour and size with something left (or of a product whose stock is not tracked).
  const [product, color, size] = products
    .flatMap((item) =>
      item.colors.flatMap((colour) =>
        item.sizes
          .filter(
            ({ size: one }) =>
              !item.stockTracked ||
              (item.stock.find((entry) => entry.colorId === colour.id && entry.size === one)?.available ?? 0) > 0,
          )
          .map(({ size: one }) => [item, colour, one] as const),
      ),
    )
    .at(0)!;
  const added = await request.post('/api/cart', {
    headers: bearer(shopper),
    data: { productId: product.id, selectedColor: color.id, selectedSize: size, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const checkout = await request.post('/api/checkout/session', {
    headers: bearer(shopper),
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
      paymentMethod: 'card',
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { orderId, url } = (await checkout.json()) as CheckoutSession;
  const paid = await request.post(url, {
    form: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Ana Petrova' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);

  const mail = await waitForMail(shop.outboxDir, email, /confirmed/);
  expect(mail.text).toContain('TEST PAYMENT: this order was paid on the shop');

  // The admin list: the badge on the order's row.
  const admin = await logIn(request, shop.admin.email, shop.admin.password);
  await page.goto('/');
  await useToken(page, admin);
  await page.goto('/admin/orders');
  const row = page.getByRole('row').filter({ hasText: t('adminOrders.number', { id: orderId }) });
  await expect(row.locator('[data-test-payment]')).toHaveText(t('adminOrders.testPaymentBadge'));
  await expectAccessible(page);
  await screenshots(page, 'admin-orders-test-payment-en');

  // The order: the badge and the sentence under its header.
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByText(t('adminOrders.testPaymentNote'))).toBeVisible();
  await expect(page.locator('[data-test-payment]')).toHaveText(t('adminOrders.testPaymentBadge'));
  await expectAccessible(page);
  await screenshots(page, 'admin-order-test-payment-en');

  // The same in Bulgarian.
  await page.getByRole('button', { name: tBg('languages.bg') }).click();
  await expect(page.getByText(tBg('adminOrders.testPaymentNote'))).toBeVisible();
  await expect(page.locator('[data-test-payment]')).toHaveText(tBg('adminOrders.testPaymentBadge'));
  await expectAccessible(page);
  await screenshots(page, 'admin-order-test-payment-bg');
  await page.goto('/admin/orders');
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: tBg('adminOrders.number', { id: orderId }) })
      .locator('[data-test-payment]'),
  ).toHaveText(tBg('adminOrders.testPaymentBadge'));
  await screenshots(page, 'admin-orders-test-payment-bg');
});
