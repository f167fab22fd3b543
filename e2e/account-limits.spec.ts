import type { APIRequestContext, Dialog } from '@playwright/test';
import type { CheckoutSession, Product, Settings } from '@shop/contract';
import { expect, expectAccessible, screenshots, test, toast } from './fixtures.js';
import { bearer, signUpAndLogIn, uniqueEmail, useToken } from './support/accounts.js';
import { translator } from './support/i18n.js';
import { adminToken, inStock } from './support/stock.js';

// Twice the 29.9 s the longest journey here took (decision 0049).
test.use({ budget: 60_000 });

/**
 * What one account may hold (decision 0031), in Bulgarian (one language per journey, decision 0049): the owner turns on the
 * confirmation of new accounts' cash-on-delivery orders in the settings, on a phone, where a sale
 * records field typed first is neither saved nor lost by the shop settings' button, and leaving
 * with it asks first (issue 45 item 2); a new shopper's order
 * waits ("Awaiting confirmation", no Ship) until the owner confirms it, then ships; the shopper's
 * third open cash-on-delivery order is refused at checkout with a message in the page's language.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const DELIVERY = {
  method: 'address',
  name: 'Ana Petrova',
  phone: '+359 88 123 4567',
  country: 'BG',
  city: 'Sofia',
  postcode: '1000',
  line1: '1 Vitosha Blvd',
} as const;

async function codOrder(request: APIRequestContext, token: string, product: Product, colorId: number, size: string) {
  const added = await request.post('/api/cart', {
    headers: bearer(token),
    data: { productId: product.id, selectedColor: colorId, selectedSize: size, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  return request.post('/api/checkout/session', {
    headers: bearer(token),
    data: { delivery: DELIVERY, paymentMethod: 'cod' },
  });
}

test.describe('in Bulgarian', () => {
  test.use({ lang: 'bg' });

  test('a new account’s cash-on-delivery order waits for the owner; a third open one is refused', async ({
    page,
    request,
    shop,
    lang,
  }) => {
    const t = translator(lang);
    const admin = await adminToken(request, shop.admin);
    const { records } = (await (
      await request.get('/api/admin/settings', { headers: bearer(admin) })
    ).json()) as Settings;
    const restore = () =>
      request.put('/api/admin/settings', {
        headers: bearer(admin),
        data: { cod: { confirmNewAccounts: false }, records: { domain: records!.domain } },
      });
    try {
      // The owner, on a phone, types a sale records field first (it has a button of its own)...
      await page.setViewportSize(PHONE);
      await page.goto('/');
      await useToken(page, admin);
      await page.goto('/admin/settings');
      const domain = page.getByLabel(t('records.fields.domain'), { exact: true });
      const recordsUnsaved = page.getByText(t('records.unsaved'));
      await domain.fill('shivashka.example');
      await expect(recordsUnsaved).toBeVisible();
      // ...then turns the confirmation on, beside the limits per account, and saves the shop settings.
      const confirmSwitch = page.getByRole('switch', { name: t('adminSettings.codConfirmNewAccounts') });
      await expect(confirmSwitch).not.toBeChecked();
      await confirmSwitch.check({ force: true });
      await expect(page.getByLabel(t('adminSettings.fields.limits.codMaxOpenOrders'))).toHaveValue('2');
      await expect(page.getByLabel(t('adminSettings.fields.limits.maxUnitsPerVariant'))).toHaveValue('99');
      await page.getByRole('button', { name: t('adminSettings.save') }).click();
      await expect(toast(page, t('adminSettings.saved'))).toBeVisible();
      await expect
        .poll(async () => ((await (await request.get('/api/settings')).json()) as Settings).cod.confirmNewAccounts)
        .toBe(true);
      await page.getByRole('group', { name: t('adminSettings.limits') }).scrollIntoViewIfNeeded();
      await expectAccessible(page);
      await screenshots(page, `admin-settings-limits-${lang}`);
      // The records field is still as typed, and still said unsaved; leaving asks first, staying keeps it.
      await expect(domain).toHaveValue('shivashka.example');
      await expect(recordsUnsaved).toBeVisible();
      const asked: string[] = [];
      const stay = (dialog: Dialog) => {
        asked.push(dialog.message());
        void dialog.dismiss();
      };
      page.on('dialog', stay);
      await page
        .getByRole('navigation', { name: t('admin.nav.label') })
        .getByRole('link', { name: t('admin.nav.orders') })
        .click();
      await expect.poll(() => asked).toEqual([t('admin.unsaved.leave')]);
      page.off('dialog', stay);
      await expect(page).toHaveURL(/\/admin\/settings$/);
      // Its own button saves it.
      await page.getByRole('button', { name: t('records.save') }).click();
      await expect(toast(page, t('records.saved'))).toBeVisible();
      await expect(recordsUnsaved).toBeHidden();
      const saved = (await (await request.get('/api/admin/settings', { headers: bearer(admin) })).json()) as Settings;
      expect(saved.records?.domain).toBe('shivashka.example');
      await page.setViewportSize(DESKTOP);

      // A new shopper's cash-on-delivery order.
      const shopper = await signUpAndLogIn(page, shop.baseURL, shop.outboxDir, {
        name: 'Ana Petrova',
        email: uniqueEmail(`limits-${lang}`),
        password: 'velvet-shadow-42',
      });
      const products = (await (await request.get('/api/products')).json()) as Product[];
      const { product, color, size } = inStock(products, 3);
      const first = await codOrder(request, shopper.token, product, color.id, size);
      expect(first.status(), await first.text()).toBe(201);
      const { orderId } = (await first.json()) as CheckoutSession;

      // The owner sees it waiting: a badge in the list, a note and Confirm instead of Ship.
      await useToken(page, admin);
      await page.goto('/admin/orders');
      const row = page.getByRole('row').filter({ hasText: t('adminOrders.number', { id: orderId }) });
      await expect(row.getByText(t('adminOrders.awaitingBadge'), { exact: true })).toBeVisible();
      await page.goto(`/admin/orders/${orderId}`);
      await expect(page.getByText(t('adminOrders.awaitingNote'))).toBeVisible();
      await expect(page.getByRole('button', { name: t('adminOrders.ship.button') })).toHaveCount(0);
      await expectAccessible(page);
      await screenshots(page, `admin-order-awaiting-${lang}`);
      await page.getByRole('button', { name: t('adminOrders.confirm.button') }).click();
      const dialog = page.getByRole('dialog', { name: t('adminOrders.confirm.title', { id: orderId }) });
      await dialog.getByRole('button', { name: t('adminOrders.confirm.confirm') }).click();
      await expect(toast(page, t('adminOrders.confirm.done', { id: orderId }))).toBeVisible();
      await expect(page.getByText(t('adminOrders.awaitingNote'))).toHaveCount(0);
      await expect(page.getByRole('listitem').filter({ hasText: t('adminOrders.events.confirmed') })).toBeVisible();
      await expect(page.getByRole('button', { name: t('adminOrders.ship.button') })).toBeVisible();

      // A second open order is taken; the third is refused at checkout, in the page's language.
      const second = await codOrder(request, shopper.token, product, color.id, size);
      expect(second.status(), await second.text()).toBe(201);
      const added = await request.post('/api/cart', {
        headers: bearer(shopper.token),
        data: { productId: product.id, selectedColor: color.id, selectedSize: size, quantity: 1 },
      });
      expect(added.ok(), await added.text()).toBe(true);
      await useToken(page, shopper.token);
      await page.goto('/checkout');
      await page.getByRole('radio', { name: new RegExp(t('delivery.methods.address')) }).check();
      await page.getByLabel(t('delivery.name'), { exact: true }).fill(DELIVERY.name);
      await page.getByLabel(t('delivery.phone'), { exact: true }).fill(DELIVERY.phone);
      await page.getByLabel(t('delivery.city'), { exact: true }).fill(DELIVERY.city);
      await page.getByLabel(t('delivery.postcode'), { exact: true }).fill(DELIVERY.postcode);
      await page.getByLabel(t('delivery.line1'), { exact: true }).fill(DELIVERY.line1);
      await page.getByRole('radio', { name: new RegExp(t('checkout.methods.cod')) }).check();
      await page.getByRole('button', { name: t('checkout.pay.cod') }).click();
      await expect(toast(page, t('checkout.tooManyOpenOrders'))).toBeVisible();
      await expect(page).toHaveURL(/\/checkout$/);
      await screenshots(page, `checkout-too-many-open-orders-${lang}`);
    } finally {
      expect((await restore()).ok()).toBe(true);
    }
  });
});
