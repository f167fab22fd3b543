import type { Order, Settings } from '@shop/contract';
import { expect, expectAccessible, screenshots, test } from './fixtures.js';
import { bearer } from './support/accounts.js';
import { translator } from './support/i18n.js';
import { adminToken, shopperWithOneInCart } from './support/stock.js';

/**
 * An order with nothing to pay (issue 43, decision 0051): a 100 % code with free delivery makes a
 * card order of 0.00, which is paid at once: the pay button leads straight to the confirmation,
 * never to a payment page. The owner's Records screen then counts it among the month's orders.
 */
// One language per journey (decision 0049): Bulgarian here.
const lang = 'bg';
test.use({ lang });

test('a 0.00 card order goes straight to the confirmation', async ({ page, request, shop }) => {
  const t = translator(lang);
  const admin = await adminToken(request, shop.admin);
  const code = `ALL-${lang.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
  const created = await request.post('/api/admin/discount-codes', {
    headers: bearer(admin),
    data: { code, kind: 'percent', value: 100 },
  });
  expect(created.status(), await created.text()).toBe(201);
  // Delivery free from 0 of goods, for this journey only (the shop is shared by the worker's journeys).
  const settings = (await (await request.get('/api/admin/settings', { headers: bearer(admin) })).json()) as Settings;
  const freeFrom = settings.delivery.freeFrom;
  const setFreeFrom = async (value: number | null) => {
    const saved = await request.put('/api/admin/settings', {
      headers: bearer(admin),
      data: { delivery: { freeFrom: value } },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  };
  await setFreeFrom(0);
  try {
    const shopper = await shopperWithOneInCart(page, request, shop, `nothing-due-${lang}`);
    await page.goto(`/checkout?lang=${lang}`);
    await page.getByRole('radio', { name: new RegExp(t('delivery.methods.address')) }).check();
    await page.getByLabel(t('delivery.name'), { exact: true }).fill('Mila Petrova');
    await page.getByLabel(t('delivery.phone'), { exact: true }).fill('+359 888 123 456');
    await page.getByLabel(t('delivery.city'), { exact: true }).fill('Sofia');
    await page.getByLabel(t('delivery.postcode'), { exact: true }).fill('1000');
    await page.getByLabel(t('delivery.line1'), { exact: true }).fill('1 Vitosha Blvd');
    await page.getByLabel(t('checkout.code.label'), { exact: true }).fill(code);
    await page.getByRole('button', { name: t('checkout.code.apply'), exact: true }).click();
    await expect(page.getByText(t('checkout.code.applied', { code }))).toBeVisible();

    // Every page the browser is sent to on the way: never the payment page.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.getByRole('button', { name: t('checkout.pay.local') }).click();
    await expect(page).toHaveURL(/\/checkout-success\?order_id=\d+/);
    await expect(page.getByRole('heading', { level: 1, name: t('checkout.result.nothingDueTitle') })).toBeVisible();
    await expect(page.getByText(t('checkout.result.nothingDueText'))).toBeVisible();
    expect(visited.filter((url) => url.includes('/pay/'))).toEqual([]);
    const [order] = (await (await request.get('/api/orders', { headers: bearer(shopper.token) })).json()) as Order[];
    expect(order).toMatchObject({ status: 'paid', total: 0, testPayment: false });
    await expectAccessible(page);
    await screenshots(page, `nothing-to-pay-confirmation-${lang}`);

    // The owner's Records screen: the month of today, what it delivered, what its file holds.
    await page.evaluate((value) => {
      localStorage.setItem('token', value);
      window.dispatchEvent(new Event('shop:token'));
    }, admin);
    await page.goto(`/admin/records?lang=${lang}`);
    const month = new Date().toISOString().slice(0, 7);
    await page.getByLabel(t('records.audit.month'), { exact: true }).fill(month);
    await expect(
      page.getByText(new RegExp(t('records.month.delivered', { month: '.+', count: 0, filed: 0 }).split(':')[0]!)),
    ).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, `records-month-${lang}`);
  } finally {
    await setFreeFrom(freeFrom);
  }
});
