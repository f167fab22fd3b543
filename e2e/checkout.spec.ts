import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, screenshots, test, waitForMail } from './fixtures.js';
import { pickOffice } from './support/couriers.js';
import { translator, type Lang } from './support/i18n.js';
import { inStock, type StockedProduct } from './support/stock.js';

// Twice the 24.8 s the longest journey here took (decision 0049).
test.use({ budget: 50_000 });

/**
 * The checkout journey on the embedded defaults: add to cart → checkout with the delivery form →
 * the built-in test payment page (a declined card first, then 4242…) → "Payment Successful!" →
 * the paid order in My Orders and an empty cart; cash on delivery, placed at once; and, in
 * Bulgarian, a cancelled payment that leaves the cart intact.
 */

type ApiProduct = StockedProduct;

interface ApiSettings {
  currency: string;
  delivery: { addressPrice: number; officePrice: number; freeFrom: number | null };
  cod: { enabled: boolean; fee: number };
}

/** What the order costs, as docs/decisions/0022 reckons it, in cents to stay exact. */
function orderTotal(settings: ApiSettings, subtotal: number, method: 'address' | 'office', cod = false) {
  const cents = (amount: number) => Math.round(amount * 100);
  const { addressPrice, officePrice, freeFrom } = settings.delivery;
  const free = freeFrom !== null && cents(subtotal) >= cents(freeFrom);
  const delivery = free ? 0 : method === 'office' ? officePrice : addressPrice;
  return { delivery, total: (cents(subtotal) + cents(delivery) + (cod ? cents(settings.cod.fee) : 0)) / 100 };
}

/** The checkout's delivery form, by its labels in the page's language. */
async function fillDelivery(
  page: Page,
  t: ReturnType<typeof translator>,
  method: 'address' | 'office',
  lang: Lang = 'en',
) {
  await page.getByRole('radio', { name: new RegExp(t(`delivery.methods.${method}`)) }).check();
  await page.getByLabel(t('delivery.name'), { exact: true }).fill('Mila Petrova');
  await page.getByLabel(t('delivery.phone'), { exact: true }).fill('+359 888 123 456');
  if (method === 'office') {
    // In Bulgaria the office is picked from the courier's list (the built-in courier's demo offices).
    await pickOffice(page, t, PLOVDIV_TRAKIA[lang]);
    return;
  }
  await page.getByLabel(t('delivery.city'), { exact: true }).fill('Sofia');
  await page.getByLabel(t('delivery.postcode'), { exact: true }).fill('1000');
  await page.getByLabel(t('delivery.line1'), { exact: true }).fill('1 Vitosha Blvd, fl. 3');
}

/** An office of the built-in courier's demo list, as each language names it. */
const PLOVDIV_TRAKIA = {
  en: { city: 'Plovdiv', words: 'Trakia', office: 'Plovdiv Trakia office' },
  bg: { city: 'Пловдив', words: 'Тракия', office: 'Офис Пловдив Тракия' },
} as const;

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

/** An amount as the browser writes it in the shop's currency (from the settings, as the app takes it). */
const moneyIn = (page: Page, amount: number, lang: Lang, currency: string) =>
  page.evaluate(
    ([value, locale, code]) =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: code,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
      }).format(value),
    [amount, lang === 'bg' ? 'bg-BG' : 'en-US', currency] as const,
  );

const settingsOf = async (request: APIRequestContext) =>
  (await (await request.get('/api/settings')).json()) as ApiSettings;

test('pay on the built-in page: the order is paid, mailed, listed in My Orders, and the cart is empty', async ({
  page,
  request,
  shop,
}) => {
  const t = translator('en');
  const settings = await settingsOf(request);
  const products = (await (await request.get('/api/products')).json()) as ApiProduct[];
  const pick = inStock(products, 2);
  const { product, size } = pick;
  const color = pick.color.colorName;
  const money = (amount: number) => moneyIn(page, amount, 'en', settings.currency);
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

  // Cart → Checkout: the summary, the delivery, the totals and the pay button named after the built-in page.
  await page.goto('/cart');
  await page.getByRole('link', { name: t('cart.checkout'), exact: true }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const line = page.getByRole('listitem').filter({ hasText: product.name });
  await expect(line).toContainText(t('checkout.quantity', { count: 2 }));
  await expect(line).toContainText(t('checkout.unitPrice', { price: await money(product.price) }));
  await fillDelivery(page, t, 'address');
  await page.getByRole('checkbox', { name: t('delivery.save') }).check();
  const subtotal = product.price * 2;
  const { delivery, total: amount } = orderTotal(settings, subtotal, 'address');
  const total = await money(amount);
  await expect(page.getByTestId('checkout-subtotal')).toHaveText(await money(subtotal));
  await expect(page.getByTestId('checkout-delivery')).toHaveText(
    delivery === 0 ? t('checkout.free') : await money(delivery),
  );
  await expect(page.getByTestId('checkout-total')).toHaveText(total);
  await expect(page.getByText(t('checkout.vatIncluded'))).toBeVisible();
  const pay = page.getByRole('button', { name: t('checkout.pay.local') });
  await expect(pay).toBeEnabled();
  await expectAccessible(page);
  await screenshots(page, 'checkout-en');

  // The built-in payment page: clearly a test page, the amount, a decline that keeps it open.
  await pay.click();
  await expect(page).toHaveURL(/\/pay\/cs_local_/);
  await expect(page.getByText('Test payment page').first()).toBeVisible();
  // The order by its public reference, as the shopper's mails and pages name it.
  await expect(page.getByRole('heading', { level: 2, name: /^Order [0-9A-F]{12}$/ })).toBeVisible();
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
  expect(mail.text).toContain(`Total (VAT included): ${total}`);

  // The details were kept for next time: the profile answers them.
  const profile = await request.get('/api/profile', { headers: { authorization: `Bearer ${shopper.token}` } });
  expect(((await profile.json()) as { delivery: unknown }).delivery).toMatchObject({
    method: 'address',
    city: 'Sofia',
    line1: '1 Vitosha Blvd, fl. 3',
  });

  await page.getByRole('link', { name: t('checkout.result.viewOrders') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('orders.title') })).toBeVisible();
  const orders = page.getByRole('article');
  await expect(orders).toHaveCount(1);
  await expect(orders.first()).toContainText(t('orders.status.paid'));
  await expect(orders.first()).toContainText(product.name);
  await expect(orders.first()).toContainText(total);
  await expectAccessible(page);
  await screenshots(page, 'my-orders-en');

  // The order's own page: status, timeline, where it goes, and its sums.
  await orders
    .first()
    .getByRole('link', { name: /^Order [0-9A-F]{12}$/ })
    .click();
  await expect(page).toHaveURL(/\/my-order\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Order [0-9A-F]{12}$/ })).toBeVisible();
  const status = page.getByRole('region', { name: t('orders.statusLabel') });
  await expect(status).toContainText(t('orders.status.paid'));
  await expect(status).toContainText(t('orderDetail.payment.card'));
  const history = page.getByRole('region', { name: t('orderDetail.timeline') }).getByRole('listitem');
  await expect(history.first()).toContainText(t('orderDetail.events.created'));
  await expect(history.filter({ hasText: t('orderDetail.events.paid') })).toHaveCount(1);
  await expect(page.getByRole('region', { name: t('orderDetail.deliveryTitle') })).toContainText(
    '1 Vitosha Blvd, fl. 3',
  );
  await expect(page.getByTestId('order-total')).toHaveText(total);
  await expect(page.getByRole('button', { name: t('orderDetail.cancel') })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'order-detail-en');

  await page.goto('/cart');
  await expect(page.getByRole('main').getByText(t('cart.empty'))).toBeVisible();
});

test('cash on delivery: the order is placed at once with its fee, mailed, and the cart is empty', async ({
  page,
  request,
  shop,
}) => {
  const t = translator('en');
  const settings = await settingsOf(request);
  expect(settings.cod.enabled, 'the demo shop takes cash on delivery').toBe(true);
  const products = (await (await request.get('/api/products')).json()) as ApiProduct[];
  const { product, color, size } = inStock(products, 1);
  await page.goto('/');
  const shopper = await createShopper(request, shop.outboxDir, 'en');
  const added = await request.post('/api/cart', {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: { productId: product.id, selectedColor: color.id, selectedSize: size, quantity: 1 },
  });
  expect(added.status()).toBe(201);
  await logIn(page, shopper.token);

  await page.goto('/checkout');
  await fillDelivery(page, t, 'office');
  await page.getByRole('radio', { name: new RegExp(t('checkout.methods.cod')) }).check();
  const { total: amount } = orderTotal(settings, product.price, 'office', true);
  const total = await moneyIn(page, amount, 'en', settings.currency);
  await expect(page.getByTestId('checkout-cod-fee')).toHaveText(
    await moneyIn(page, settings.cod.fee, 'en', settings.currency),
  );
  await expect(page.getByTestId('checkout-total')).toHaveText(total);
  await screenshots(page, 'checkout-cod-en');
  await page.getByRole('button', { name: t('checkout.pay.cod') }).click();

  await expect(page).toHaveURL(/\/checkout-success\?order_id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: t('checkout.result.placedTitle') })).toBeVisible();
  await expect(
    page.getByText(`${t('orders.statusLabel')}: ${t('orders.status.placed')}`, { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: t('nav.cart', { count: 0 }), exact: true })).toBeVisible();
  await expectAccessible(page);

  const mail = await waitForMail(shop.outboxDir, shopper.email, /is confirmed/);
  expect(mail.text).toContain(`1 × ${product.name}`);
  expect(mail.text).toContain(`Total (VAT included): ${total}`);

  // Its page: cash on delivery with its fee; placed, so nothing to pay now and nothing to cancel here.
  await page.getByRole('link', { name: /^Order [0-9A-F]{12}$/ }).click();
  await expect(page).toHaveURL(/\/my-order\/\d+$/);
  const status = page.getByRole('region', { name: t('orders.statusLabel') });
  await expect(status).toContainText(t('orders.status.placed'));
  await expect(status).toContainText(t('orderDetail.payment.cod'));
  await expect(page.getByText(t('orderDetail.codFee'))).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(total);
  await expect(page.getByRole('link', { name: t('orderDetail.continuePayment') })).toHaveCount(0);
  await screenshots(page, 'order-detail-cod-en');
});

test.describe('in Bulgarian', () => {
  test.use({ lang: 'bg' });

  test('a cancelled payment says so and leaves the cart as it was', async ({ page, request, shop }) => {
    const t = translator('bg');
    const settings = await settingsOf(request);
    const products = (await (await request.get('/api/products?lang=bg')).json()) as ApiProduct[];
    const { product, color, size } = inStock(products, 3);
    await page.goto('/');
    const shopper = await createShopper(request, shop.outboxDir, 'bg');
    const added = await request.post('/api/cart', {
      headers: { authorization: `Bearer ${shopper.token}` },
      data: {
        productId: product.id,
        selectedColor: color.id,
        selectedSize: size,
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
    await fillDelivery(page, t, 'office', 'bg');
    const { total } = orderTotal(settings, product.price * 3, 'office');
    await expect(page.getByTestId('checkout-total')).toHaveText(await moneyIn(page, total, 'bg', settings.currency));
    await expect(page.getByText(t('checkout.vatIncluded'))).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'checkout-bg');
    await page.getByRole('button', { name: t('checkout.pay.local') }).click();

    await expect(page).toHaveURL(/\/pay\/cs_local_/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'bg');
    await expect(page.getByText('Тестова страница за плащане').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^Поръчка [0-9A-F]{12}$/ })).toBeVisible();
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

    // The cancelled order's page, in Bulgarian: its status, its history, the office it was to go to.
    await page.getByRole('article').first().getByRole('link').click();
    await expect(page).toHaveURL(/\/my-order\/\d+$/);
    await expect(page.getByRole('region', { name: t('orders.statusLabel') })).toContainText(
      t('orders.status.cancelled'),
    );
    await expect(
      page
        .getByRole('region', { name: t('orderDetail.timeline') })
        .getByRole('listitem')
        .first(),
    ).toContainText(t('orderDetail.events.created'));
    await expect(page.getByRole('region', { name: t('orderDetail.deliveryTitle') })).toContainText(
      'Офис Пловдив Тракия, бул. „Освобождение“ 45',
    );
    await expectAccessible(page);
    await screenshots(page, 'order-detail-bg');
  });
});

test('an abandoned card payment: one order waits in My Orders with its deadline, is continued, then cancelled', async ({
  page,
  request,
  shop,
}) => {
  const t = translator('en');
  const products = (await (await request.get('/api/products')).json()) as ApiProduct[];
  const { product, color, size } = inStock(products, 1);
  await page.goto('/');
  const shopper = await createShopper(request, shop.outboxDir, 'en');
  const headers = { authorization: `Bearer ${shopper.token}` };
  const added = await request.post('/api/cart', {
    headers,
    data: { productId: product.id, selectedColor: color.id, selectedSize: size, quantity: 1 },
  });
  expect(added.status()).toBe(201);
  // Pay pressed twice (a second tab, a second try), the payment page left both times.
  const delivery = {
    method: 'office',
    name: 'Mila Petrova',
    phone: '+359 888 123 456',
    country: 'BG',
    city: 'Plovdiv',
    postcode: '4000',
    office: 'Econt, Plovdiv – Trakia',
  };
  const sessions: { orderId: number; url: string }[] = [];
  for (let press = 0; press < 2; press++) {
    const checkout = await request.post('/api/checkout/session', {
      headers,
      data: { delivery, paymentMethod: 'card' },
    });
    expect(checkout.status(), await checkout.text()).toBe(201);
    sessions.push((await checkout.json()) as { orderId: number; url: string });
  }
  const [first, second] = sessions as [{ orderId: number }, { orderId: number; url: string }];
  // Shoppers read each order's public reference.
  const referenceOf = async (orderId: number) =>
    ((await (await request.get(`/api/orders/${orderId}`, { headers })).json()) as { reference: string }).reference;
  const [firstReference, secondReference] = [await referenceOf(first.orderId), await referenceOf(second.orderId)];
  await logIn(page, shopper.token);

  // My Orders: the first try is cancelled, only the second waits for payment; nothing piles up.
  await page.goto('/my-order');
  const articles = page.getByRole('article');
  await expect(articles).toHaveCount(2);
  const waiting = articles.filter({ hasText: secondReference });
  await expect(waiting).toContainText(t('orders.status.pending'));
  const dropped = articles.filter({ hasText: firstReference });
  await expect(dropped).toContainText(t('orders.status.cancelled'));
  await expect(dropped.getByRole('link', { name: t('orderDetail.continuePayment') })).toHaveCount(0);
  // The waiting one says until when it can be paid; Continue payment goes back to its payment page.
  await expect(waiting.getByText(/^Complete the payment by .+, or the order lapses\.$/)).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'my-orders-pending-en');
  await waiting.getByRole('link', { name: t('orderDetail.continuePayment') }).click();
  await expect(page).toHaveURL(/\/pay\/cs_local_/);
  expect(new URL(page.url()).pathname).toBe(new URL(second.url, page.url()).pathname);

  // Its own page: the same deadline; Cancel asks first, then the order is cancelled, nothing left to pay.
  await page.goto('/my-order');
  await waiting.getByRole('link', { name: t('orders.number', { reference: secondReference }) }).click();
  await expect(page).toHaveURL(new RegExp(`/my-order/${second.orderId}$`));
  await expect(page.getByText(/^Complete the payment by .+, or the order lapses\.$/)).toBeVisible();
  await screenshots(page, 'order-detail-pending-en');
  await page.getByRole('button', { name: t('orderDetail.cancel') }).click();
  await page.getByRole('button', { name: t('orderDetail.cancelYes') }).click();
  await expect(page.getByText(t('orderDetail.cancelled'))).toBeVisible();
  await expect(page.getByRole('region', { name: t('orders.statusLabel') })).toContainText(t('orders.status.cancelled'));
  await expect(page.getByRole('link', { name: t('orderDetail.continuePayment') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: t('orderDetail.cancel') })).toHaveCount(0);
  // The cart is as it was, ready for another try.
  await expect(page.getByRole('link', { name: t('nav.cart', { count: 1 }), exact: true })).toBeVisible();
});
