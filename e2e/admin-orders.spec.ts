import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { colorNameIn, type AdminOrder, type CheckoutSession, type Product, type Settings } from '@shop/contract';
import { expect, expectAccessible, readOutbox, screenshots, test, toast, waitForMail } from './fixtures.js';
import { translator } from './support/i18n.js';
import { bearer, logIn, uniqueEmail, useToken } from './support/accounts.js';

// Twice the 48.7 s the longest journey here took (decision 0049).
test.use({ budget: 100_000 });

/**
 * The owner's day, as the seeded root admin: the settings (a new cash-on-delivery fee), stock
 * set for one colour and size in the product editor, a shopper's cash-on-delivery order for it
 * (placed through the API) found on the Orders screen, shipped with a tracking number and
 * delivered; the dashboard's sales. Every new screen is shot in English and Bulgarian.
 */

const t = translator('en');
const tBg = translator('bg');

const TEST_DELIVERY = {
  method: 'address',
  name: 'Ana Petrova',
  phone: '+359 88 123 4567',
  country: 'BG',
  city: 'Sofia',
  postcode: '1000',
  line1: '1 Vitosha Blvd',
} as const;

/** A verified shopper with a session, made through the API. */
async function createShopper(request: APIRequestContext, outboxDir: string) {
  const email = uniqueEmail('orders-e2e');
  const signup = await request.post('/api/auth/signup', {
    data: { name: 'Ana Petrova', email, password: 'velvet-shadow-42' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const otp = /\b(\d{6})\b/.exec((await waitForMail(outboxDir, email)).text)?.[1];
  const verified = await request.post('/api/auth/verify-otp', { data: { email, otp } });
  expect(verified.status(), await verified.text()).toBe(200);
  return { email, token: ((await verified.json()) as { token: string }).token };
}

test('an admin sets stock, then ships and delivers a cash-on-delivery order from the admin screens', async ({
  page,
  request,
  shop,
}) => {
  const adminToken = await logIn(request, shop.admin.email, shop.admin.password);
  await page.goto('/');
  await useToken(page, adminToken);

  // Settings: a new cash-on-delivery fee, then it is what the order is charged.
  await page.getByRole('link', { name: t('admin.nav.settings') }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  const before = (await (await request.get('/api/settings')).json()) as Settings;
  const feeField = page.getByLabel(t('adminSettings.fields.cod.fee', { currency: before.currency }));
  await expect(feeField).toHaveValue(before.cod.fee.toFixed(2));
  const codSwitch = page.getByRole('switch', { name: t('adminSettings.codEnabled') });
  if (!(await codSwitch.isChecked())) await codSwitch.check({ force: true });
  await feeField.fill('abc');
  await page.getByRole('button', { name: t('adminSettings.save') }).click();
  await expect(page.getByText(t('adminSettings.errors.cod.fee'))).toBeVisible();
  await feeField.fill('2.50');
  await page.getByRole('button', { name: t('adminSettings.save') }).click();
  await expect(toast(page, t('adminSettings.saved'))).toBeVisible();
  await expect
    .poll(async () => ((await (await request.get('/api/settings')).json()) as Settings).cod)
    .toEqual({
      enabled: true,
      fee: 2.5,
      confirmNewAccounts: false,
    });
  await expectAccessible(page);
  await screenshots(page, 'admin-settings-en');

  // Stock: 7 on hand of the first colour and size of a product, set in the editor.
  const products = (await (await request.get('/api/products?lang=en')).json()) as Product[];
  const product = products.find((item) => item.colors.length > 0 && item.sizes.length > 0)!;
  const color = product.colors[0]!;
  const size = product.sizes[0]!.size;
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: t('admin.edit.button') }).click();
  const track = page.getByRole('switch', { name: t('adminStock.track') });
  if (!(await track.isChecked())) await track.check({ force: true });
  const cell = page.getByLabel(t('adminStock.onHandFor', { color: color.colorName, size }));
  await cell.fill('-1');
  await page.getByRole('button', { name: t('admin.edit.save'), exact: true }).click();
  await expect(page.getByRole('main').getByRole('alert').first()).toHaveText(t('adminStock.errors.summary'));
  await expect(cell).toHaveAttribute('aria-invalid', 'true');
  await cell.fill('7');
  await cell.scrollIntoViewIfNeeded();
  await screenshots(page, 'admin-stock-en');
  await page.getByRole('button', { name: t('admin.edit.save'), exact: true }).click();
  await expect(toast(page, t('admin.edit.saved'))).toBeVisible();
  const stockOf = async () => {
    const read = (await (
      await request.get(`/api/products/${product.id}?lang=en`, { headers: bearer(adminToken) })
    ).json()) as Product;
    return read.stock.find((entry) => entry.colorId === color.id && entry.size === size);
  };
  await expect.poll(async () => (await stockOf())?.onHand).toBe(7);

  // A shopper's cash-on-delivery order of 2, placed through the API.
  const shopper = await createShopper(request, shop.outboxDir);
  const added = await request.post('/api/cart', {
    headers: bearer(shopper.token),
    data: { productId: product.id, selectedColor: color.id, selectedSize: size, quantity: 2 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const checkout = await request.post('/api/checkout/session', {
    headers: bearer(shopper.token),
    data: { delivery: TEST_DELIVERY, paymentMethod: 'cod' },
  });
  expect(checkout.status(), await checkout.text()).toBeLessThan(300);
  const { orderId } = (await checkout.json()) as CheckoutSession;
  expect((await stockOf())?.available).toBe(5);

  // The Orders screen finds it by its number.
  await page.getByRole('link', { name: t('admin.nav.orders'), exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: t('adminOrders.title') })).toBeVisible();
  await page.getByRole('searchbox', { name: t('adminOrders.filters.search') }).fill(String(orderId));
  await page.getByRole('button', { name: t('adminOrders.filters.searchButton'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${orderId}`));
  const row = page.getByRole('row').filter({ hasText: t('adminOrders.number', { id: orderId }) });
  await expect(row).toContainText(t('adminOrders.payment.cod'));
  await expect(row).toContainText(t('adminOrders.status.placed'));
  // The accountant's CSV of today: a row for the order's line.
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel(t('adminOrders.export.from'), { exact: true }).fill(today);
  await page.getByLabel(t('adminOrders.export.to'), { exact: true }).fill(today);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: t('adminOrders.export.download') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`orders-from-${today}-to-${today}.csv`);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\n').filter((line) => line.includes(product.name))).not.toHaveLength(0);
  await page.getByRole('searchbox', { name: t('adminOrders.filters.search') }).fill('');
  await page.getByRole('button', { name: t('adminOrders.filters.searchButton'), exact: true }).click();
  await expectAccessible(page);
  await screenshots(page, 'admin-orders-en');

  // The order: its delivery and fee, then shipped with a tracking number.
  await page.getByRole('link', { name: t('adminOrders.number', { id: orderId }), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await expect(page.getByText(TEST_DELIVERY.line1)).toBeVisible();
  await expect(page.getByText(t('adminOrders.totals.codFee'))).toBeVisible();
  await expect(page.getByRole('link', { name: t('admin.nav.orders'), exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectAccessible(page);
  await screenshots(page, 'admin-order-en');

  await page.getByRole('button', { name: t('adminOrders.ship.button') }).click();
  const ship = page.getByRole('dialog', { name: t('adminOrders.ship.title', { id: orderId }) });
  await ship.getByRole('button', { name: t('adminOrders.ship.confirm') }).click();
  await expect(ship.getByText(t('adminOrders.ship.errors.carrier'))).toBeVisible();
  await ship.getByLabel(t('adminOrders.ship.carrier')).fill('Speedy');
  const trackingNumber = `SP-${Date.now().toString(36).toUpperCase()}`;
  await ship.getByLabel(t('adminOrders.ship.trackingNumber')).fill(trackingNumber);
  await ship.getByLabel(t('adminOrders.ship.trackingUrl')).fill(`https://track.example/${trackingNumber}`);
  await screenshots(page, 'admin-order-ship-en');
  await ship.getByRole('button', { name: t('adminOrders.ship.confirm') }).click();
  await expect(toast(page, t('adminOrders.ship.done', { id: orderId }))).toBeVisible();
  await expect(page.getByText(`Speedy: ${trackingNumber}`)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: t('adminOrders.events.shipped') })).toBeVisible();
  await expect
    .poll(() =>
      readOutbox(shop.outboxDir).some((mail) => mail.to.includes(shopper.email) && mail.text.includes(trackingNumber)),
    )
    .toBe(true);

  // The shopper sees it shipped, with the tracking link.
  await useToken(page, shopper.token);
  await page.goto(`/my-order/${orderId}`);
  await expect(
    page.getByText(t('orderDetail.trackingNumber', { carrier: 'Speedy', number: trackingNumber })),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: t('orderDetail.trackParcel') })).toHaveAttribute(
    'href',
    `https://track.example/${trackingNumber}`,
  );
  await useToken(page, adminToken);
  await page.goto(`/admin/orders/${orderId}`);

  // Delivered: cash collected, the order is paid.
  await page.getByRole('button', { name: t('adminOrders.deliver.button') }).click();
  const deliver = page.getByRole('dialog', { name: t('adminOrders.deliver.title', { id: orderId }) });
  await deliver.getByRole('button', { name: t('adminOrders.deliver.confirm') }).click();
  await expect(toast(page, t('adminOrders.deliver.done', { id: orderId }))).toBeVisible();
  // The badges beside the heading (the history below names the same steps).
  await expect(page.locator('[data-status]')).toHaveText(t('adminOrders.status.paid'));
  await expect(page.locator('[data-fulfilment]')).toHaveText(t('adminOrders.fulfilment.delivered'));
  await expect(page.getByRole('button', { name: t('adminOrders.deliver.button') })).toHaveCount(0);
  const order = (await (
    await request.get(`/api/admin/orders/${orderId}`, { headers: bearer(adminToken) })
  ).json()) as AdminOrder;
  expect(order).toMatchObject({ status: 'paid', fulfilment: 'delivered', codFee: 2.5 });
  expect(order.tracking).toMatchObject({ carrier: 'Speedy', number: trackingNumber });
  await screenshots(page, 'admin-order-delivered-en');

  // The dashboard's sales count it.
  await page.getByRole('link', { name: t('admin.nav.manageProducts') }).click();
  await expect(page.getByRole('heading', { name: t('adminStats.title'), exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: /Revenue per day over the last 30 days/ })).toBeVisible();
  await expect(page.getByText(t('adminStats.topProducts'))).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: t('adminStats.revenue') })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'admin-dashboard-en');
  // The orders to ship open the orders list filtered that way (this one is delivered: not among them).
  const toShip = page.getByText(t('adminStats.toShip'), { exact: true }).locator('xpath=following-sibling::dd[1]');
  const count = Number(await toShip.innerText());
  await toShip.getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/orders\?ship=due$/);
  await expect(page.getByRole('checkbox', { name: t('adminOrders.filters.toShip') })).toBeChecked();
  await expect(page.getByRole('link', { name: t('adminOrders.number', { id: orderId }), exact: true })).toHaveCount(0);
  if (count === 0) await expect(page.getByText(t('adminOrders.noMatch'))).toBeVisible();
  else await expect(page.locator('tbody tr')).toHaveCount(Math.min(count, 20));
  await page.goBack();

  // The same screens in Bulgarian.
  await page.getByRole('button', { name: tBg('languages.bg') }).click();
  await expect(page.getByRole('heading', { name: tBg('adminStats.title'), exact: true })).toBeVisible();
  await screenshots(page, 'admin-dashboard-bg');
  await page.getByRole('link', { name: tBg('admin.nav.orders'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: tBg('adminOrders.title') })).toBeVisible();
  await expect(page.locator('[data-fulfilment="delivered"]').first()).toHaveText(
    tBg('adminOrders.fulfilment.delivered'),
  );
  await screenshots(page, 'admin-orders-bg');
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: tBg('adminOrders.number', { id: orderId }) })).toBeVisible();
  await expect(page.getByRole('button', { name: tBg('adminOrders.return.button') })).toBeVisible();
  await screenshots(page, 'admin-order-bg');
  await page.getByRole('link', { name: tBg('admin.nav.settings') }).click();
  await expect(page.getByRole('heading', { level: 1, name: tBg('adminSettings.title') })).toBeVisible();
  await screenshots(page, 'admin-settings-bg');
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: tBg('admin.edit.button') }).click();
  await expect(page.getByLabel(tBg('adminStock.onHandFor', { color: colorNameIn(color, 'bg'), size }))).toHaveValue(
    '5',
  );
  await page.getByRole('group', { name: tBg('adminStock.title') }).scrollIntoViewIfNeeded();
  await screenshots(page, 'admin-stock-bg');
});

test('a card order paid on the payment page is refunded in part, then cancelled with the rest refunded', async ({
  page,
  request,
  shop,
}) => {
  const adminToken = await logIn(request, shop.admin.email, shop.admin.password);
  const products = (await (await request.get('/api/products?lang=en')).json()) as Product[];
  const pick = products.flatMap((product) =>
    product.colors.flatMap((color) =>
      product.sizes
        .filter(
          ({ size }) =>
            !product.stockTracked ||
            (product.stock.find((entry) => entry.colorId === color.id && entry.size === size)?.available ?? 0) > 0,
        )
        .map(({ size }) => ({ product, color, size })),
    ),
  )[0]!;
  const shopper = await createShopper(request, shop.outboxDir);
  const added = await request.post('/api/cart', {
    headers: bearer(shopper.token),
    data: { productId: pick.product.id, selectedColor: pick.color.id, selectedSize: pick.size, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const session = (await (
    await request.post('/api/checkout/session', { headers: bearer(shopper.token), data: { delivery: TEST_DELIVERY } })
  ).json()) as CheckoutSession;
  const paid = await request.post(`/pay/${session.sessionId}`, {
    form: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Ana Petrova' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);

  await page.goto('/');
  await useToken(page, adminToken);
  await page.goto(`/admin/orders/${session.orderId}`);
  await expect(page.locator('[data-status]')).toHaveText(t('adminOrders.status.paid'));

  // A partial refund of 10.00, through the provider.
  await page.getByRole('button', { name: t('adminOrders.refund.button') }).click();
  const refund = page.getByRole('dialog', { name: t('adminOrders.refund.title', { id: session.orderId }) });
  await refund.getByLabel(t('adminOrders.refund.amount'), { exact: false }).fill('10');
  await refund.getByRole('button', { name: t('adminOrders.refund.confirm') }).click();
  await expect(toast(page, t('adminOrders.refund.done', { id: session.orderId }))).toBeVisible();
  await waitForMail(shop.outboxDir, shopper.email, /refund/i);
  // It reads as one: its amount in the timeline, and a "Partly refunded" badge.
  const refundedEvent = page.getByRole('listitem').filter({ hasText: /^Refunded \D*10\.00/ });
  await expect(refundedEvent).toBeVisible();
  await expect(page.locator('[data-partly-refunded]')).toHaveText(t('adminOrders.partlyRefundedBadge'));
  await screenshots(page, 'admin-order-partly-refunded-en');
  await page.goto('/admin/orders');
  await expect(
    page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: t('adminOrders.number', { id: session.orderId }), exact: true }) })
      .locator('[data-partly-refunded]'),
  ).toBeVisible();
  // The shopper's history and order page say so too, in both languages.
  await useToken(page, shopper.token);
  await page.goto('/my-order');
  await expect(page.locator('[data-partly-refunded]').first()).toHaveText(t('orders.partlyRefunded'));
  await screenshots(page, 'my-orders-partly-refunded-en');
  await page.goto(`/my-order/${session.orderId}`);
  await expect(page.getByText(/^Refunded \D*10\.00/)).toBeVisible();
  await page.getByRole('button', { name: tBg('languages.bg') }).click();
  await expect(page.getByText(/^Възстановени 10,00/)).toBeVisible();
  await expect(page.locator('[data-partly-refunded]')).toHaveText(tBg('orders.partlyRefunded'));
  await screenshots(page, 'my-order-partly-refunded-bg');
  await page.goto('/my-order');
  await screenshots(page, 'my-orders-partly-refunded-bg');
  await useToken(page, adminToken);
  await page.goto(`/admin/orders/${session.orderId}`);
  await expect(page.getByText(/^Възстановени 10,00/)).toBeVisible();
  await screenshots(page, 'admin-order-partly-refunded-bg');
  await page.getByRole('button', { name: t('languages.en') }).click();
  await expect(page.locator('[data-partly-refunded]')).toHaveText(t('adminOrders.partlyRefundedBadge'));

  // Cancelled: the rest goes back too.
  await page.getByRole('button', { name: t('adminOrders.cancel.button') }).click();
  const cancel = page.getByRole('dialog', { name: t('adminOrders.cancel.title', { id: session.orderId }) });
  await cancel.getByRole('button', { name: t('adminOrders.cancel.confirm') }).click();
  await expect(toast(page, t('adminOrders.cancel.done', { id: session.orderId }))).toBeVisible();
  const order = (await (
    await request.get(`/api/admin/orders/${session.orderId}`, { headers: bearer(adminToken) })
  ).json()) as AdminOrder;
  expect(order.status).toMatch(/^(cancelled|refunded)$/);
  expect(order.refunded).toBe(order.total);
  await waitForMail(shop.outboxDir, shopper.email, /cancel/i);
});
