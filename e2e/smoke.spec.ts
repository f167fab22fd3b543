import { expect, expectAccessible, screenshots, test } from './fixtures.js';

test('the shop starts on a fresh data folder and serves the storefront and the API', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });

  const products = await request.get('/api/products');
  expect(products.ok()).toBe(true);
  expect((await products.json()).length).toBeGreaterThanOrEqual(12);

  const home = await page.goto('/');
  expect(home?.status()).toBe(200);
  await expect(page).toHaveTitle(/Atelier Noir/i);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectAccessible(page);
  await screenshots(page, 'smoke-home');

  // Nothing, not even a hidden popover, may make a phone screen scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

  const notFound = await page.goto('/definitely/not/a/page');
  expect(notFound?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page Not Found' })).toBeVisible();
});
