import { expect, screenshot, test, waitForMail } from './fixtures.js';
import { signUpAndLogIn, uniqueEmail } from './support/accounts.js';
import { translator } from './support/i18n.js';
import { adminToken, inStock, setOnHand, type StockedProduct } from './support/stock.js';

/**
 * Stock as a shopper meets it (docs/decisions/0021): a sold-out size cannot go in the cart
 * but can be waited for; the owner's restock mails the shopper; a line above what is left stops
 * the checkout.
 */
test('a sold-out size: subscribe, the owner restocks and the mail arrives; a line above stock is stopped at checkout', async ({
  page,
  request,
  shop,
}) => {
  const t = translator('en');
  const products = (await (await request.get('/api/products')).json()) as StockedProduct[];
  const { product, color, size } = inStock(products, 1);
  const variant = { productId: product.id, colorId: color.id, size };
  const owner = await adminToken(request, shop.admin);
  await setOnHand(request, owner, { ...variant, onHand: 0 });

  const shopper = await signUpAndLogIn(page, shop.baseURL, shop.outboxDir, {
    name: 'Ivo Georgiev',
    email: uniqueEmail('stock'),
    password: 'velvet-shadow-42',
  });
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: color.colorName, exact: true }).click();
  await page.getByRole('button', { name: t('stock.sizeSoldOut', { size }), exact: true }).click();
  await expect(page.getByText(t('stock.soldOut'))).toBeVisible();
  await expect(page.getByRole('button', { name: t('stock.soldOutShort'), exact: true })).toBeDisabled();
  await page.getByRole('button', { name: t('stock.notifyMe') }).click();
  await expect(page.getByText(t('stock.alertSaved')).first()).toBeVisible();
  await screenshot(page, 'stock-sold-out-alert');

  // The owner puts 4 back on the shelf: one mail, naming the piece.
  await setOnHand(request, owner, { ...variant, onHand: 4 });
  const mail = await waitForMail(shop.outboxDir, shopper.email, /Back in stock/);
  expect(mail.subject).toBe(`Back in stock: ${product.name}`);

  // Three go in the cart; then only one is left.
  const added = await request.post('/api/cart', {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: { productId: product.id, selectedColor: color.id, selectedSize: size, quantity: 3 },
  });
  expect(added.status(), await added.text()).toBe(201);
  await setOnHand(request, owner, { ...variant, onHand: 1 });
  await page.goto('/cart');
  await expect(page.getByText(t('stock.cartShort_one', { count: 1 }))).toBeVisible();
  await expect(page.getByText(t('stock.cartBlocked'))).toBeVisible();
  await page.goto('/checkout');
  await expect(page.getByText(t('checkout.outOfStock'))).toBeVisible();
  await screenshot(page, 'stock-checkout-short');
});
