import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { CheckoutSession, Order } from '@shop/contract';
import { expect, expectAccessible, readOutbox, screenshots, test } from './fixtures.js';
import { signUpAndLogIn, uniqueEmail } from './support/accounts.js';
import { translator } from './support/i18n.js';
import { startShop, type ShopServer } from './support/server.js';
import { inStock, type StockedProduct } from './support/stock.js';

/**
 * The tasks that keep failing, on the admin dashboard (issue 27): a shopper's cash-on-delivery
 * order, then two of its effects written as failed into the shop's database while it is stopped
 * (every attempt failing would take the outbox's backoff, hours): a provider refund and an order
 * mail. The owner sees both (in English: one language per journey, decision 0049), opens the order
 * from the list, and retries the mail, which then goes out.
 */
let shop: ShopServer;
let orderId: number;
let shopperEmail: string;

const DELIVERY = {
  method: 'address',
  name: 'Ana Petrova',
  phone: '+359 88 123 4567',
  country: 'BG',
  city: 'Sofia',
  postcode: '1000',
  line1: '1 Vitosha Blvd',
} as const;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  shop = await startShop();
  const page = await browser.newPage();
  const url = (path: string) => `${shop.baseURL}${path}`;
  shopperEmail = uniqueEmail('effects-e2e');
  const shopper = await signUpAndLogIn(page, shop.baseURL, shop.outboxDir, {
    name: 'Ana Petrova',
    email: shopperEmail,
    password: 'velvet-shadow-42',
  });
  const headers = { authorization: `Bearer ${shopper.token}` };
  const products = (await (await page.request.get(url('/api/products'))).json()) as StockedProduct[];
  const { product, color, size } = inStock(products, 1);
  const added = await page.request.post(url('/api/cart'), {
    headers,
    data: { productId: product.id, selectedColor: color.id, selectedSize: size, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const checkout = await page.request.post(url('/api/checkout/session'), {
    headers,
    data: { delivery: DELIVERY, paymentMethod: 'cod' },
  });
  expect(checkout.status(), await checkout.text()).toBeLessThan(300);
  orderId = ((await checkout.json()) as CheckoutSession).orderId;
  await page.close();

  // Two effects that gave up, written while the shop is stopped (the embedded database has one owner).
  await shop.stop({ keepData: true });
  const db = new PGlite(join(shop.dataDir, 'db'));
  await db.query(
    `insert into effects (kind, key, payload, order_id, attempts, run_after, failed_at, last_error, created_at)
     values ('payment.refund', 'e2e:refund', $1, $2, 8, now(), now() - interval '2 minutes',
             'Error: the payment provider answered 503 Service Unavailable', now() - interval '3 hours'),
            ('mail.order', 'e2e:mail', $3, $2, 8, now(), now() - interval '1 minute',
             'Error: connect ECONNREFUSED 127.0.0.1:587', now() - interval '3 hours')`,
    [JSON.stringify({ orderId: -1 }), orderId, JSON.stringify({ orderId, kind: 'confirmed' })],
  );
  await db.close();
  shop = await startShop({}, shop.dataDir);
});

test.afterAll(async () => {
  await shop?.stop();
});

test('the dashboard lists the tasks that keep failing, links their order and retries one', async ({ page, lang }) => {
  const url = (path: string) => `${shop.baseURL}${path}`;
  const login = await page.request.post(url('/api/auth/login'), { data: shop.admin });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await page.goto(url('/'));
  await page.evaluate((value) => localStorage.setItem('token', value), token);

  const t = translator(lang);
  await page.goto(url(`/admin/dashboard?lang=${lang}`));
  const panel = page.getByRole('region', { name: t('adminEffects.title') });
  await expect(panel.getByRole('row')).toHaveCount(3);
  await expect(panel).toContainText(t('adminEffects.kinds.payment.refund'));
  await expect(panel).toContainText(t('adminEffects.kinds.mail.order'));
  await expect(panel).toContainText('ECONNREFUSED');
  await panel.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await screenshots(page, `admin-effects-dashboard-${lang}`);

  await panel
    .getByRole('link', { name: t('adminEffects.order', { id: orderId }) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: t('adminOrders.number', { id: orderId }) })).toBeVisible();
  await expect(page.getByRole('region', { name: t('adminOrders.actions') }).getByRole('button')).toHaveText([
    t('adminOrders.shipment.button'),
    t('adminOrders.ship.button'),
    t('adminOrders.cancel.button'),
  ]);
  await screenshots(page, `admin-effects-order-${lang}`);

  // Retry the mail: it leaves the list and goes out.
  const mailsBefore = readOutbox(shop.outboxDir).filter((mail) => mail.to.includes(shopperEmail)).length;
  await page.goto(url(`/admin/dashboard?lang=${lang}`));
  await panel
    .getByRole('button', { name: t('adminEffects.retryLabel', { task: t('adminEffects.kinds.mail.order') }) })
    .click();
  await expect(page.locator('.Toastify').getByText(t('adminEffects.retried'))).toBeVisible();
  await expect(panel.getByRole('row')).toHaveCount(2);
  await expect
    .poll(() => readOutbox(shop.outboxDir).filter((mail) => mail.to.includes(shopperEmail)).length, {
      timeout: 15_000,
    })
    .toBe(mailsBefore + 1);
  const order = (await (
    await page.request.get(url(`/api/admin/orders/${orderId}`), { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Order;
  expect(order.status).toBe('placed');
});
