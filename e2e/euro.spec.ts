import { expect, readOutbox, screenshots, test, waitForMail } from './fixtures.js';
import { signUpAndLogIn, uniqueEmail } from './support/accounts.js';
import { translator } from './support/i18n.js';
import { inStock, type StockedProduct } from './support/stock.js';

/**
 * The shop as a Bulgarian owner runs it, with `CURRENCY=EUR` (README: Configuration): euros on
 * every screen, in each language's way of writing them, and in the mails; and the withdrawal
 * function on the order page, in two steps, in Bulgarian. On the worker's shop in euros, which
 * takes cash on delivery only (`PAYMENTS=off`, as payments-off.spec.ts needs): this order is one.
 */

const ENGLISH_EUROS = /€\d[\d,]*\.\d{2}/;
const BULGARIAN_EUROS = /\d+,\d{2}\u00a0€/;

test('euros everywhere in both languages, and a withdrawal in two steps from the order page', async ({
  page,
  euroCashOnlyShop: eur,
}) => {
  const tBg = translator('bg');
  const url = (path: string) => `${eur.baseURL}${path}`;
  const products = (await (await page.request.get(url('/api/products'))).json()) as StockedProduct[];
  const { product, color, size } = inStock(products, 1);

  for (const [lang, euros] of [
    ['en', ENGLISH_EUROS],
    ['bg', BULGARIAN_EUROS],
  ] as const) {
    await page.goto(url(`/clothing?lang=${lang}`));
    await expect(page.locator('main')).toContainText(euros);
    await expect(page.locator('main')).not.toContainText('$');
    await page.goto(url(`/product/${product.id}?lang=${lang}`));
    await expect(page.locator('main')).toContainText(euros);
    await screenshots(page, `euro-product-${lang}`);
  }

  const shopper = await signUpAndLogIn(page, eur.baseURL, eur.outboxDir, {
    name: 'Мила Петрова',
    email: uniqueEmail('euro'),
    password: 'velvet-shadow-42',
  });
  const headers = { authorization: `Bearer ${shopper.token}` };
  const added = await page.request.post(url('/api/cart'), {
    headers,
    data: { productId: product.id, selectedColor: color.id, selectedSize: size, quantity: 1 },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.goto(url('/cart?lang=bg'));
  await expect(page.locator('main')).toContainText(BULGARIAN_EUROS);
  await page.goto(url('/checkout?lang=bg'));
  await expect(page.locator('main')).toContainText(BULGARIAN_EUROS);
  await expect(page.locator('main')).not.toContainText('$');
  await screenshots(page, 'euro-checkout-bg');

  const placed = await page.request.post(url('/api/checkout/session?lang=bg'), {
    headers,
    data: {
      delivery: {
        method: 'office',
        name: 'Мила Петрова',
        phone: '+359 88 123 4567',
        country: 'BG',
        city: 'Пловдив',
        postcode: '4000',
        office: 'Еконт, Пловдив – Тракия',
      },
      paymentMethod: 'cod',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: number };
  // Shoppers read the order's public reference, in the mails too.
  const { reference } = (await (await page.request.get(url(`/api/orders/${orderId}`), { headers })).json()) as {
    reference: string;
  };
  const confirmation = await waitForMail(eur.outboxDir, shopper.email, new RegExp(reference));
  expect(confirmation.text).toMatch(/€/);
  expect(confirmation.text).not.toContain('$');

  // The order page, in Bulgarian: euros, and the withdrawal in two steps.
  await page.goto(url(`/my-order/${orderId}?lang=bg`));
  await expect(page.locator('main')).toContainText(BULGARIAN_EUROS);
  await page.getByRole('button', { name: tBg('orderDetail.withdraw.button') }).click();
  await expect(page.getByRole('region', { name: tBg('orderDetail.withdraw.title') })).toContainText(shopper.email);
  await screenshots(page, 'euro-withdraw-bg');
  const mailsTo = () => readOutbox(eur.outboxDir).filter((mail) => mail.to.includes(shopper.email));
  const before = mailsTo().length;
  await page.getByRole('button', { name: tBg('withdrawal.confirm.submit') }).click();
  await expect(page.getByText(/Отказахте се от този договор на/)).toBeVisible();
  await expect.poll(() => mailsTo().length).toBeGreaterThan(before);
  const acknowledgement = mailsTo().at(-1)!;
  expect(acknowledgement.subject).toBe(`Получихме отказа ви от поръчка ${reference}`);
  expect(acknowledgement.text).toMatch(/\d{4}/);
});
