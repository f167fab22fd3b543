import type { Page } from '@playwright/test';
import type { Order, Quote } from '@shop/contract';
import { expect, test } from './fixtures.js';
import { bearer } from './support/accounts.js';
import { translator } from './support/i18n.js';
import { adminToken, shopperWithOneInCart } from './support/stock.js';

/**
 * A shopper's own code after the payment page (issue 45, item 1; TRADE.md section 4): on a phone,
 * in Bulgarian, a shopper applies a one-use 15 % code, goes to the payment page, comes back with
 * the browser's back button and applies the code again: it is theirs, not "already used" by the
 * checkout they left. They pay, and the discounted total is what is charged.
 */

const PHONE = { width: 390, height: 844 };
const t = translator('bg');

test.use({ lang: 'bg', viewport: PHONE });

/** The delivery to an address (filled again after the back button: the page may have been loaded anew). */
async function fillDelivery(page: Page) {
  await page.getByRole('radio', { name: new RegExp(t('delivery.methods.address')) }).check();
  await page.getByLabel(t('delivery.name'), { exact: true }).fill('Мила Петрова');
  await page.getByLabel(t('delivery.phone'), { exact: true }).fill('+359 888 123 456');
  await page.getByLabel(t('delivery.city'), { exact: true }).fill('София');
  await page.getByLabel(t('delivery.postcode'), { exact: true }).fill('1000');
  await page.getByLabel(t('delivery.line1'), { exact: true }).fill('бул. Витоша 1');
}

async function applyCode(page: Page, code: string) {
  await page.getByLabel(t('checkout.code.label'), { exact: true }).fill(code);
  await page.getByRole('button', { name: t('checkout.code.apply'), exact: true }).click();
  await expect(page.getByText(t('checkout.code.applied', { code }))).toBeVisible();
}

test('a shopper back from the payment page applies their code again and pays the discounted total', async ({
  page,
  request,
  shop,
}) => {
  const code = `BACK-${Date.now().toString(36).toUpperCase()}`;
  const created = await request.post('/api/admin/discount-codes', {
    headers: bearer(await adminToken(request, shop.admin)),
    data: { code, kind: 'percent', value: 15, maxUses: 1 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const shopper = await shopperWithOneInCart(page, request, shop, 'code-back');
  const quoted = await request.post('/api/checkout/quote', {
    headers: bearer(shopper.token),
    data: { deliveryMethod: 'address', paymentMethod: 'card', discountCode: code },
  });
  expect(quoted.status(), await quoted.text()).toBe(200);
  const quote = (await quoted.json()) as Quote;

  await page.goto('/checkout');
  await fillDelivery(page);
  await applyCode(page, code);
  const discounted = (await page.getByTestId('checkout-total').textContent())!;
  await page.getByRole('button', { name: t('checkout.pay.local') }).click();
  await expect(page).toHaveURL(/\/pay\/cs_local_/);
  await expect(page.getByText(discounted).first()).toBeVisible();

  // Back to the checkout with the browser's button: the code is applied again, not refused.
  await page.goBack();
  await expect(page).toHaveURL(/\/checkout/);
  await fillDelivery(page);
  await applyCode(page, code);
  await expect(page.getByText(t('checkout.code.errors.CODE_ALREADY_USED'))).toBeHidden();
  await expect(page.getByTestId('checkout-total')).toHaveText(discounted);

  // Paid: the discounted total is charged.
  await page.getByRole('button', { name: t('checkout.pay.local') }).click();
  await expect(page).toHaveURL(/\/pay\/cs_local_/);
  await page.locator('input[name="name"]').fill('Мила Петрова');
  await page.locator('input[name="cardNumber"]').fill('4242 4242 4242 4242');
  await page.locator('input[name="expiry"]').fill('12/34');
  await page.locator('input[name="cvc"]').fill('123');
  await page.getByRole('button', { name: `Платете ${discounted}`, exact: true }).click();
  await expect(page).toHaveURL(/\/checkout-success\?session_id=cs_local_/);
  await expect(page.getByRole('heading', { level: 1, name: t('checkout.result.successTitle') })).toBeVisible();
  const orders = (await (await request.get('/api/orders', { headers: bearer(shopper.token) })).json()) as Order[];
  const paid = orders.filter((order) => order.status === 'paid');
  expect(paid).toHaveLength(1);
  expect(paid[0]).toMatchObject({ total: quote.total, discount: { code, amount: quote.discount!.amount } });
});
