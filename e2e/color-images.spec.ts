import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, test } from './fixtures.js';
import { translator } from './support/i18n.js';
import { adminToken } from './support/stock.js';

/**
 * Several images per colour (TRADE.md section 5, issue 31): the owner adds a picture to a colour
 * in the product editor and moves it first; it becomes the colour's image, and the product page's
 * carousel opens on it, with the colour's other pictures after it.
 */

interface Color {
  id: number;
  colorName: string;
  imageUrl: string;
  images: string[];
}
interface ListedProduct {
  id: number;
  name: string;
  colors: Color[];
}

const PICTURE = join(import.meta.dirname, '../api/seed-art/bomber-bordeaux-back.webp');

async function signIn(page: Page, token: string) {
  await page.evaluate((value) => {
    localStorage.setItem('token', value);
    window.dispatchEvent(new Event('shop:token'));
  }, token);
}

test('the owner adds a picture to a colour and moves it first; the product page’s carousel shows the colour’s pictures in that order', async ({
  page,
  request,
  shop,
}) => {
  const t = translator('en');
  const products = (await (await request.get('/api/products?lang=en')).json()) as ListedProduct[];
  const product = products.at(-1)!;
  const color = product.colors[0]!;
  expect(color.images).toEqual([color.imageUrl]);

  await page.goto('/');
  await signIn(page, await adminToken(request, shop.admin));
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: t('admin.edit.button') }).click();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: t('admin.form.colorRow', { n: 1 }) }) });
  await card.getByLabel(t('admin.colorImages.add')).setInputFiles(PICTURE);
  const strip = card.getByRole('group', { name: t('admin.colorImages.title', { count: 2, max: 8 }) });
  await expect(strip.getByRole('img')).toHaveCount(2);
  await expect(card.getByRole('status').filter({ hasText: t('admin.colorImages.added', { count: 1 }) })).toBeAttached();

  await strip.getByRole('button', { name: t('admin.colorImages.moveLeft', { n: 2 }) }).click();
  await expect(card.getByRole('status').filter({ hasText: t('admin.colorImages.moved', { n: 1 }) })).toBeAttached();
  await expectAccessible(page);
  await screenshot(card, 'color-images-editor');

  const saved = (await (await request.get(`/api/products/${product.id}?lang=en`)).json()) as ListedProduct;
  const [added, old] = saved.colors[0]!.images;
  expect(old).toBe(color.imageUrl);
  expect(added).toMatch(/^\/files\/[0-9a-f]{64}$/);
  expect(saved.colors[0]!.imageUrl).toBe(added);

  // A shopper's product page: the carousel opens on the new first picture, the old one after it.
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto(`/product/${product.id}?color=${color.id}`);
  const gallery = page.getByRole('region', { name: t('product.gallery', { name: product.name }) });
  const slides = gallery.locator('img');
  await expect(slides.first()).toHaveAttribute('src', added!);
  await expect(slides.nth(1)).toHaveAttribute('src', old!);
  await expect(slides.nth(1)).toHaveAttribute('loading', 'lazy');
});
