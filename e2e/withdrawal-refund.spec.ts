import type { APIRequestContext, Page } from '@playwright/test';
import type { CheckoutSession, Order, Product } from '@shop/contract';
import { expect, screenshots, test, toast, waitForMail } from './fixtures.js';
import { translator } from './support/i18n.js';
import { bearer, uniqueEmail } from './support/accounts.js';
import { variantsInStock } from './support/stock.js';

/**
 * Withdrawn lines are visible (issue 28, item 4): a card order of two units, one withdrawn by the
 * shopper; their order page lists it with the refund due and its deadline (English, Bulgarian);
 * the admin's order page too, and "Refund the withdrawal" refunds exactly the unit's price.
 */

const t = translator('en');
const tBg = translator('bg');

async function tokenOf(request: APIRequestContext, path: string, data: object): Promise<string> {
  const response = await request.post(path, { data });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

async function useToken(page: Page, token: string) {
  await page.evaluate((value) => {
    localStorage.setItem('token', value);
    window.dispatchEvent(new Event('shop:token'));
  }, token);
}

test('a withdrawn line shows on both order pages and the admin refunds exactly it', async ({ page, request, shop }) => {
  const products = (await (await request.get('/api/products?lang=en')).json()) as Product[];
  const product = products.find((candidate) => variantsInStock(candidate, 2).length > 0)!;
  const pick = variantsInStock(product, 2)[0]!;

  const email = uniqueEmail('withdrawal-refund');
  const signup = await request.post('/api/auth/signup', {
    data: { name: 'Ana Petrova', email, password: 'velvet-shadow-42' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const otp = /\b(\d{6})\b/.exec((await waitForMail(shop.outboxDir, email)).text)?.[1];
  const shopper = await tokenOf(request, '/api/auth/verify-otp', { email, otp });
  const added = await request.post('/api/cart', {
    headers: bearer(shopper),
    data: { productId: product.id, selectedColor: pick.color.id, selectedSize: pick.size, quantity: 2 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const session = (await (
    await request.post('/api/checkout/session', {
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
      },
    })
  ).json()) as CheckoutSession;
  const paid = await request.post(`/pay/${session.sessionId}`, {
    form: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Ana Petrova' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const order = (await (
    await request.get(`/api/orders/${session.orderId}`, { headers: bearer(shopper) })
  ).json()) as Order;
  const line = order.items[0]!;
  const withdrawn = await request.post(`/api/orders/${order.id}/withdrawal`, {
    headers: bearer(shopper),
    data: { items: [{ orderItemId: line.id, quantity: 1 }] },
  });
  expect(withdrawn.status(), await withdrawn.text()).toBe(201);
  const unit = new Intl.NumberFormat('en-US', { style: 'currency', currency: order.currency }).format(line.unitPrice);

  // The shopper's order page: the line, the refund due, its deadline.
  await page.goto('/');
  await useToken(page, shopper);
  await page.goto(`/my-order/${order.id}`);
  await expect(page.getByText(t('withdrawalSummary.lines'))).toBeVisible();
  await expect(page.getByText(`${line.colorName}, ${line.size} × 1`)).toBeVisible();
  await expect(page.getByTestId('withdrawal-refund-due')).toHaveText(unit);
  await expect(page.getByText(t('withdrawalSummary.withoutDelivery'))).toBeVisible();
  await screenshots(page, 'withdrawal-shopper-en');
  await page.getByRole('button', { name: tBg('languages.bg') }).click();
  await expect(page.getByText(tBg('withdrawalSummary.lines'))).toBeVisible();
  await expect(page.getByText(tBg('withdrawalSummary.deadline'))).toBeVisible();
  await screenshots(page, 'withdrawal-shopper-bg');
  await page.getByRole('button', { name: t('languages.en') }).click();

  // The admin's: the same, and one action refunds exactly it.
  await useToken(page, await tokenOf(request, '/api/auth/login', shop.admin));
  await page.goto(`/admin/orders/${order.id}`);
  const card = page.getByRole('region', { name: t('adminOrders.withdrawal.title') });
  await expect(card.getByTestId('withdrawal-refund-due')).toHaveText(unit);
  await screenshots(page, 'withdrawal-admin-en');
  await card.getByRole('button', { name: t('adminOrders.withdrawal.refund', { amount: unit }) }).click();
  const dialog = page.getByRole('dialog', { name: t('adminOrders.refund.title', { id: order.id }) });
  await expect(dialog.getByLabel(t('adminOrders.refund.amount'))).toHaveValue(line.unitPrice.toFixed(2));
  await dialog.getByRole('button', { name: t('adminOrders.refund.confirm') }).click();
  await expect(toast(page, t('adminOrders.refund.done', { id: order.id }))).toBeVisible();
  await expect(card.getByText(t('adminOrders.withdrawal.refunded'))).toBeVisible();
  const after = (await (await request.get(`/api/orders/${order.id}`, { headers: bearer(shopper) })).json()) as Order;
  expect(after.refunded).toBe(line.unitPrice);
  await page.getByRole('button', { name: tBg('languages.bg') }).click();
  const cardBg = page.getByRole('region', { name: tBg('adminOrders.withdrawal.title') });
  await expect(cardBg.getByText(tBg('adminOrders.withdrawal.refunded'))).toBeVisible();
  await screenshots(page, 'withdrawal-admin-bg');
});
