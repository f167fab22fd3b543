import type { APIRequestContext } from '@playwright/test';
import type { CheckoutSession, Order, Return } from '@shop/contract';
import { expect, screenshots, test, toast, waitForMail } from './fixtures.js';
import { translator } from './support/i18n.js';
import { bearer, uniqueEmail } from './support/accounts.js';
import { variantsInStock, type StockedProduct } from './support/stock.js';

/**
 * A size exchange end to end (issue 48): a shopper asks for another size of a delivered line, the
 * owner receives the parcel on /admin/returns (the badge counts it), and the exchange order of
 * total 0 exists, paid, to be shipped like any order. English on the desktop; the screen in
 * Bulgarian on a phone for the screenshots.
 */

const t = translator('en');
const tBg = translator('bg');
test.use({ budget: 45_000 });

async function post(request: APIRequestContext, path: string, data: object, token: string) {
  const response = await request.post(path, { headers: bearer(token), data });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

test('a shopper exchanges a size, the owner receives it, and the exchange order exists', async ({
  page,
  request,
  shop,
}) => {
  const products = (await (await request.get('/api/products?lang=en')).json()) as StockedProduct[];
  // A colour with two sizes in stock: one bought, the other asked for instead.
  const [bought, wanted] = products
    .map((candidate) => variantsInStock(candidate, 1))
    .map((variants) => variants.filter((variant) => variant.color.id === variants[0]?.color.id))
    .find((variants) => variants.length >= 2)!;
  const product = products.find((candidate) => candidate.colors.some((color) => color.id === bought!.color.id))!;

  const email = uniqueEmail('returns');
  const signup = await request.post('/api/auth/signup', {
    data: { name: 'Mira Koleva', email, password: 'velvet-shadow-42' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const otp = /\b(\d{6})\b/.exec((await waitForMail(shop.outboxDir, email)).text)?.[1];
  const { token: shopper } = (await (await request.post('/api/auth/verify-otp', { data: { email, otp } })).json()) as {
    token: string;
  };
  await post(
    request,
    '/api/cart',
    { productId: product.id, selectedColor: bought!.color.id, selectedSize: bought!.size, quantity: 1 },
    shopper,
  );
  const placed = (await post(
    request,
    '/api/checkout/session',
    {
      paymentMethod: 'cod',
      delivery: {
        method: 'address',
        name: 'Mira Koleva',
        phone: '+359 88 123 4567',
        country: 'BG',
        city: 'Sofia',
        postcode: '1000',
        line1: '1 Vitosha Blvd',
      },
    },
    shopper,
  )) as CheckoutSession;
  const { token: admin } = (await (await request.post('/api/auth/login', { data: shop.admin })).json()) as {
    token: string;
  };
  await post(request, `/api/admin/orders/${placed.orderId}/ship`, { carrier: 'Speedy', trackingNumber: 'R-1' }, admin);
  await post(request, `/api/admin/orders/${placed.orderId}/deliver`, {}, admin);
  const order = (await (
    await request.get(`/api/orders/${placed.orderId}`, { headers: bearer(shopper) })
  ).json()) as Order;
  const { return: asked } = (await post(
    request,
    `/api/orders/${order.id}/returns`,
    {
      outcome: 'exchange',
      lines: [
        {
          orderItemId: order.items[0]!.id,
          quantity: 1,
          reason: 'too-small',
          exchangeFor: { colorId: wanted!.color.id, size: wanted!.size },
        },
      ],
    },
    shopper,
  )) as { return: Return };
  expect(asked.status).toBe('approved');

  // The owner: the badge counts it, the screen lists it with its deadline, Receive settles it.
  await page.goto('/');
  await page.evaluate((value) => {
    localStorage.setItem('token', value);
    window.dispatchEvent(new Event('shop:token'));
  }, admin);
  await page.goto('/admin/returns');
  await expect(page.getByRole('link', { name: /^Returns: \d+ waits? for you$/ })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(asked.reference) });
  await expect(row.getByText(t('returns.reasons.too-small'), { exact: false })).toBeVisible();
  await screenshots(page, 'admin-returns-en');
  await row.getByRole('button', { name: t('adminReturns.receiveNamed', { reference: asked.reference }) }).click();
  const dialog = page.getByRole('dialog', { name: t('adminReturns.receiveNamed', { reference: asked.reference }) });
  await dialog.getByRole('button', { name: t('adminReturns.receive') }).click();
  await expect(toast(page, t('adminReturns.toasts.exchanged', { reference: asked.reference }))).toBeVisible();

  const [after] = (
    (await (await request.get(`/api/orders/${order.id}/returns`, { headers: bearer(shopper) })).json()) as {
      data: Return[];
    }
  ).data;
  expect(after).toMatchObject({ status: 'exchanged' });
  const exchange = (await (
    await request.get(`/api/orders/${after!.exchangeOrderId}`, { headers: bearer(shopper) })
  ).json()) as Order;
  expect(exchange).toMatchObject({ status: 'paid', fulfilment: 'unfulfilled', total: 0, exchangeOf: order.id });
  expect(exchange.items[0]).toMatchObject({ size: wanted!.size, quantity: 1 });

  await page.getByRole('tab', { name: t('adminReturns.tabs.closed') }).click();
  await expect(page.getByRole('row', { name: new RegExp(asked.reference) })).toBeVisible();
  await page.getByRole('button', { name: tBg('languages.bg') }).click();
  await expect(page.getByRole('tab', { name: tBg('adminReturns.tabs.closed') })).toBeVisible();
  await screenshots(page, 'admin-returns-bg');
});
