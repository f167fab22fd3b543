import type { APIRequestContext, Page } from '@playwright/test';
import { itemNameIn, type CheckoutSession, type Order, type OrderDocument, type Return } from '@shop/contract';
import { expect, screenshots, testOnDevelopmentShop as test, toast, waitForMail } from './fixtures.js';
import { translator } from './support/i18n.js';
import { bearer, uniqueEmail } from './support/accounts.js';
import { variantsInStock, type StockedProduct } from './support/stock.js';

/**
 * Returns end to end (issue 48), on one invoiced card order of two lines. A size exchange: the
 * shopper asks for another size of one line from the order page on a phone, in Bulgarian, the
 * owner receives the parcel on /admin/returns (the badge counts it), and the exchange order of
 * total 0, paid, is shipped by the owner like any order. A refund: the shopper returns the other
 * line from the order page, the owner receives it without typing an amount, and the credit note
 * is on the shopper's order page and in the owner's documents. The rest in English on the
 * desktop; the return rates read on a phone in Bulgarian. On a shop outside production, where the
 * test page's payments get their documents (decision 0051).
 */

const t = translator('en');
const tBg = translator('bg');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
// Measured 39.9–40.9 s at a load of 23–26 on 2 cores (the exchange alone: 25.3 s there, and over
// its 45 s once); twice the measured time, as decision 0049 allows.
test.use({ budget: 80_000 });

/** The session token where the app keeps it, for the next navigation. */
const signIn = (page: Page, token: string) =>
  page.evaluate((value) => {
    localStorage.setItem('token', value);
    window.dispatchEvent(new Event('shop:token'));
  }, token);

const listReturns = async (request: APIRequestContext, orderId: number, token: string) =>
  (
    (await (await request.get(`/api/orders/${orderId}/returns`, { headers: bearer(token) })).json()) as {
      data: Return[];
    }
  ).data;

async function post(request: APIRequestContext, path: string, data: object, token: string) {
  const response = await request.post(path, { headers: bearer(token), data });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

test('a shopper exchanges a size and returns a line for a refund; the owner receives both; the exchange order and the credit note follow', async ({
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
  // Another product's line, returned for a refund.
  const other = products.find((candidate) => candidate.id !== product.id && variantsInStock(candidate, 1).length > 0)!;
  const [otherVariant] = variantsInStock(other, 1);

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
  await post(
    request,
    '/api/cart',
    { productId: other.id, selectedColor: otherVariant!.color.id, selectedSize: otherVariant!.size, quantity: 1 },
    shopper,
  );
  const placed = (await post(
    request,
    '/api/checkout/session',
    {
      delivery: {
        method: 'address',
        name: 'Mira Koleva',
        phone: '+359 88 123 4567',
        country: 'BG',
        city: 'Sofia',
        postcode: '1000',
        line1: '1 Vitosha Blvd',
      },
      invoice: {
        companyName: 'Noir Trading OOD',
        companyId: '020469788',
        address: '12 Rakovski St',
        city: 'Sofia',
        country: 'BG',
      },
    },
    shopper,
  )) as CheckoutSession;
  const paid = await request.post(`/pay/${placed.sessionId}`, {
    form: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Mira Koleva' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const { token: admin } = (await (await request.post('/api/auth/login', { data: shop.admin })).json()) as {
    token: string;
  };
  await post(request, `/api/admin/orders/${placed.orderId}/ship`, { carrier: 'Speedy', trackingNumber: 'R-1' }, admin);
  await post(request, `/api/admin/orders/${placed.orderId}/deliver`, {}, admin);
  const order = (await (
    await request.get(`/api/orders/${placed.orderId}`, { headers: bearer(shopper) })
  ).json()) as Order;

  // The exchange, on a phone in Bulgarian: after choosing the line, three taps (the reason, the
  // size in stock, confirm); the new size is held at once and the return approved.
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await signIn(page, shopper);
  await page.goto(`/my-order/${order.id}?lang=bg`);
  const panelBg = page.getByRole('region', { name: tBg('returns.title') });
  await panelBg.getByRole('button', { name: tBg('returns.button') }).click();
  await expect(panelBg.getByRole('radio', { name: tBg('returns.outcome.exchange') })).toBeChecked();
  const boughtItem = order.items.find((item) => item.productId === product.id)!;
  await panelBg.getByRole('checkbox', { name: itemNameIn(boughtItem, 'bg') }).check();
  await panelBg.getByLabel(tBg('returns.reason')).selectOption('too-small');
  await panelBg.getByLabel(tBg('returns.exchangeFor')).selectOption(`${wanted!.color.id}:${wanted!.size}`);
  await panelBg.getByRole('button', { name: tBg('returns.confirm') }).click();
  await expect(panelBg.getByText(tBg('returns.status.approved'))).toBeVisible();
  const asked = (await listReturns(request, order.id, shopper)).find((each) => each.outcome === 'exchange')!;
  expect(asked).toMatchObject({ status: 'approved', lines: [{ reason: 'too-small', quantity: 1 }] });

  // The shopper returns the other line from the order page, for a refund, the amount shown first:
  // in English, on the desktop.
  await page.setViewportSize(DESKTOP);
  await page.goto(`/my-order/${order.id}?lang=en`);
  const panel = page.getByRole('region', { name: t('returns.title') });
  await panel.getByRole('button', { name: t('returns.button') }).click();
  await panel.getByRole('radio', { name: t('returns.outcome.refund') }).check();
  await panel.getByRole('checkbox', { name: new RegExp(other.name) }).check();
  await panel.getByLabel(t('returns.reason')).selectOption('too-large');
  await panel.getByRole('button', { name: t('returns.check') }).click();
  await expect(panel.getByText(/^You get back /)).toBeVisible();
  await panel.getByRole('button', { name: t('returns.confirm') }).click();
  await expect(panel.getByText(t('returns.status.approved'))).toHaveCount(2);
  const refund = (await listReturns(request, order.id, shopper)).find((each) => each.outcome === 'refund')!;

  // The owner: the badge counts them, the screen lists them with their deadlines, Receive settles each.
  await signIn(page, admin);
  await page.goto('/admin/returns');
  await expect(page.getByRole('link', { name: /^Returns: \d+ waits? for you$/ })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(asked.reference) });
  await expect(row.getByText(t('returns.reasons.too-small'), { exact: false })).toBeVisible();
  await screenshots(page, 'admin-returns-en');
  await row.getByRole('button', { name: t('adminReturns.receiveNamed', { reference: asked.reference }) }).click();
  const dialog = page.getByRole('dialog', { name: t('adminReturns.receiveNamed', { reference: asked.reference }) });
  await dialog.getByRole('button', { name: t('adminReturns.receive') }).click();
  await expect(toast(page, t('adminReturns.toasts.exchanged', { reference: asked.reference }))).toBeVisible();
  const receiveRefund = t('adminReturns.receiveNamed', { reference: refund.reference });
  await page
    .getByRole('row', { name: new RegExp(refund.reference) })
    .getByRole('button', { name: receiveRefund })
    .click();
  await page
    .getByRole('dialog', { name: receiveRefund })
    .getByRole('button', { name: t('adminReturns.receive') })
    .click();
  await expect(toast(page, t('adminReturns.toasts.refunded', { reference: refund.reference }))).toBeVisible();

  const after = (await listReturns(request, order.id, shopper)).find((each) => each.id === asked.id);
  expect(after).toMatchObject({ status: 'exchanged' });
  const exchange = (await (
    await request.get(`/api/orders/${after!.exchangeOrderId}`, { headers: bearer(shopper) })
  ).json()) as Order;
  expect(exchange).toMatchObject({ status: 'paid', fulfilment: 'unfulfilled', total: 0, exchangeOf: order.id });
  expect(exchange.items[0]).toMatchObject({ size: wanted!.size, quantity: 1 });

  // The owner ships the exchange order like any order (its screen is the admin orders journey's).
  await post(request, `/api/admin/orders/${exchange.id}/ship`, { carrier: 'Speedy', trackingNumber: 'EX-1' }, admin);
  const shipped = (await (
    await request.get(`/api/orders/${exchange.id}`, { headers: bearer(shopper) })
  ).json()) as Order;
  expect(shipped).toMatchObject({ fulfilment: 'shipped', tracking: { carrier: 'Speedy', number: 'EX-1' } });

  await page.getByRole('tab', { name: t('adminReturns.tabs.closed') }).click();
  await expect(page.getByRole('row', { name: new RegExp(asked.reference) })).toBeVisible();
  await page.getByRole('button', { name: tBg('languages.bg') }).click();
  await expect(page.getByRole('tab', { name: tBg('adminReturns.tabs.closed') })).toBeVisible();
  // What returns teach, on a phone: each figure beside its column's name (the headings are hidden there).
  await page.setViewportSize(PHONE);
  const delivered = page
    .getByRole('table', { name: tBg('adminReturns.rates.title') })
    .locator(`td[data-label="${tBg('adminReturns.rates.delivered')}"]`)
    .first();
  await expect
    .poll(() => delivered.evaluate((cell) => getComputedStyle(cell, '::before').content))
    .toBe(JSON.stringify(tBg('adminReturns.rates.delivered')));
  await page.setViewportSize(DESKTOP);
  await screenshots(page, 'admin-returns-bg');
  await page.getByRole('button', { name: t('languages.en') }).click();

  // The refund's credit note, without anyone typing an amount: in the owner's documents, and on
  // the shopper's order page beside the return, refunded.
  const documentsOf = async () =>
    (await (
      await request.get(`/api/orders/${order.id}/documents`, { headers: bearer(shopper) })
    ).json()) as OrderDocument[];
  await expect.poll(async () => (await documentsOf()).some((document) => document.kind === 'credit-note')).toBe(true);
  const credit = (await documentsOf()).find((document) => document.kind === 'credit-note')!;
  expect(Math.abs(credit.total!)).toBe(refund.refund);
  await page.getByRole('link', { name: t('invoices.documents.nav'), exact: true }).click();
  await expect(
    page.getByRole('link', {
      name: t('invoices.documents.open', { kind: t('invoices.kinds.credit-note'), number: credit.number }),
    }),
  ).toBeVisible();
  await signIn(page, shopper);
  await page.goto(`/my-order/${order.id}`);
  await expect(page.getByRole('region', { name: t('records.documents.title') })).toContainText(
    t('records.documents.kinds.credit-note', { number: credit.number }),
  );
  await expect(page.getByRole('region', { name: t('returns.title') })).toContainText(t('returns.status.refunded'));
  await screenshots(page, 'returns-refund-en');
});
