import type { CheckoutSession, Product } from '@shop/contract';
import { expect, expectAccessible, screenshots, test, toast } from './fixtures.js';
import { bearer, logIn, signUpAndLogIn, uniqueEmail, useToken } from './support/accounts.js';
import { translator } from './support/i18n.js';

// Twice the 24.0 s the longest journey here took (decision 0049).
test.use({ budget: 50_000 });

/**
 * Reviews from buyers (TRADE.md section 5): a shopper whose cash-on-delivery order was delivered
 * reviews the product on its page; it waits until the owner publishes it on the Reviews screen;
 * then the product page shows it, with the stars and how the fit runs, on a phone too.
 */

const t = translator('en');

const TEST_DELIVERY = {
  method: 'address',
  name: 'Ana Petrova',
  phone: '+359 88 123 4567',
  country: 'BG',
  city: 'Sofia',
  postcode: '1000',
  line1: '1 Vitosha Blvd',
} as const;

test('a buyer reviews a delivered product, the owner publishes it, and the product page shows it', async ({
  page,
  request,
  shop,
  baseURL,
}) => {
  const adminToken = await logIn(request, shop.admin.email, shop.admin.password);
  const products = (await (await request.get('/api/products?lang=en')).json()) as Product[];
  // A colour and size in stock (or a product whose stock is not counted).
  const [product, colorId, size] = products
    .flatMap((candidate) =>
      candidate.stockTracked
        ? candidate.stock
            .filter((entry) => entry.available > 0)
            .map((entry) => [candidate, entry.colorId, entry.size] as const)
        : candidate.colors.flatMap((color) => candidate.sizes.map((size) => [candidate, color.id, size.size] as const)),
    )
    .at(0)!;

  // A shopper's cash-on-delivery order of the product, shipped and delivered by the owner.
  await page.goto('/');
  const shopper = await signUpAndLogIn(page, baseURL!, shop.outboxDir, {
    name: 'Ana Petrova',
    email: uniqueEmail('reviews-e2e'),
    password: 'velvet-shadow-42',
  });
  const added = await request.post('/api/cart', {
    headers: bearer(shopper.token),
    data: { productId: product.id, selectedColor: colorId, selectedSize: size, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const checkout = await request.post('/api/checkout/session', {
    headers: bearer(shopper.token),
    data: { delivery: TEST_DELIVERY, paymentMethod: 'cod' },
  });
  expect(checkout.status(), await checkout.text()).toBeLessThan(300);
  const { orderId } = (await checkout.json()) as CheckoutSession;
  const shipped = await request.post(`/api/admin/orders/${orderId}/ship`, {
    headers: bearer(adminToken),
    data: { carrier: 'Speedy', trackingNumber: `RV${orderId}` },
  });
  expect(shipped.status(), await shipped.text()).toBe(200);
  const delivered = await request.post(`/api/admin/orders/${orderId}/deliver`, { headers: bearer(adminToken) });
  expect(delivered.status(), await delivered.text()).toBe(200);

  // The buyer reviews it on the product page: the notice says how reviews are checked.
  await page.goto(`/product/${product.id}`);
  const reviews = page.getByRole('region', { name: t('reviews.title'), exact: true });
  await expect(reviews.getByText(t('reviews.notice'))).toBeVisible();
  const form = reviews.getByRole('form', { name: t('reviews.form.title') });
  // The published reviews above the form render as they come near the screen (decision 0048): a
  // click sent in the frame that brought them would land where the form was before they did.
  await form.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      reviews.evaluate((section) =>
        Array.from(section.querySelectorAll('[data-offscreen]')).every(
          (list) => list.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }) ?? true,
        ),
      ),
    )
    .toBe(true);
  await form.getByRole('radio', { name: t('reviews.form.star_other', { count: 5 }) }).check({ force: true });
  await form.getByRole('radio', { name: t('reviews.fit.small') }).check();
  await form.getByRole('textbox', { name: t('reviews.form.titleLabel') }).fill('Cosy, <b>size up</b>');
  await form.getByRole('textbox', { name: t('reviews.form.body') }).fill('Soft and warm; I would take one size up.');
  await form.getByRole('button', { name: t('reviews.form.submit') }).click();
  await expect(reviews.getByRole('status')).toHaveText(t('reviews.form.sent'));
  await expectAccessible(page);
  // Waiting for moderation: not shown yet.
  await page.reload();
  await expect(reviews.getByText(t('reviews.notice'))).toBeVisible();
  await expect(reviews.getByRole('heading', { name: 'Cosy, <b>size up</b>' })).toHaveCount(0);

  // The owner publishes it on the Reviews screen, reached from the admin icons.
  await useToken(page, adminToken);
  await page.getByRole('link', { name: t('admin.nav.reviews'), exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/reviews$/);
  await expect(page.getByRole('heading', { level: 1, name: t('adminReviews.title') })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Cosy, <b>size up</b>' });
  await expect(row).toContainText(product.name);
  await expectAccessible(page);
  await screenshots(page, 'admin-reviews-en');
  await row.getByRole('button', { name: t('adminReviews.publishNamed', { title: 'Cosy, <b>size up</b>' }) }).click();
  await expect(toast(page, t('adminReviews.toasts.published'))).toBeVisible();

  // Anyone now reads it on the product page, with the stars and the fit, on a phone too.
  await useToken(page, null);
  await page.goto(`/product/${product.id}`);
  await expect(reviews.getByRole('heading', { name: 'Cosy, <b>size up</b>' })).toBeVisible();
  await expect(reviews.getByText('Soft and warm; I would take one size up.')).toBeVisible();
  await expect(reviews.getByText(t('reviews.fit.small')).first()).toBeVisible();
  await expect(reviews.getByRole('img', { name: /out of 5/ }).first()).toBeVisible();
  await expect(reviews.getByText(`Ana P. · Size ${size}`, { exact: false })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await reviews.scrollIntoViewIfNeeded();
  await expect(reviews.getByRole('heading', { name: 'Cosy, <b>size up</b>' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'product-reviews-en');
});
