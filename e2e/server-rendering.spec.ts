import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { translator, type Lang } from './support/i18n.js';

/**
 * Public pages arrive rendered by the server (docs/decisions/0012): they paint before any
 * JavaScript, in the language the visitor chose, and the browser then hydrates them.
 */

interface Product {
  id: number;
  name: string;
  price: number;
  categoryId: number;
}

const money = (amount: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'bg' ? 'bg-BG' : 'en-US', {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
  }).format(amount);

for (const lang of ['en', 'bg'] as const) {
  const t = translator(lang);

  test(`public pages in ${lang} are whole without JavaScript`, async ({ browser, shop, request }) => {
    const products = (await (await request.get(`/api/products?lang=${lang}`)).json()) as Product[];
    const [first] = products;
    if (!first) throw new Error('the demo catalogue is empty');
    const context = await browser.newContext({ baseURL: shop.baseURL, javaScriptEnabled: false });
    await context.addCookies([{ name: 'lang', value: lang, url: shop.baseURL }]);
    const page = await context.newPage();

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page).toHaveTitle(`${t('home.title')} · Atelier Noir`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `${t('home.hero.titleLine1')} ${t('home.hero.titleLine2')}`,
    );
    await expect(page.getByText(t('banner.text'))).toBeVisible();
    const hero = page.locator('img[fetchpriority="high"]').first();
    await expect(hero).toHaveAttribute('srcset', /\?w=400 400w/);
    expect(await hero.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

    await page.goto('/clothing');
    await expect(page).toHaveTitle(`${t('clothing.title')} · Atelier Noir`);
    for (const product of products) {
      await expect(page.getByRole('link', { name: new RegExp(product.name) })).toBeVisible();
    }

    await page.goto(`/product/${first.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
    await expect(page.getByText(money(first.price, lang)).first()).toBeVisible();
    // Another spelling of the same address is the same page.
    await page.goto(`/PRODUCT/00${first.id}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);

    await page.goto('/faqs');
    await expect(page).toHaveTitle(`${t('faqs.title')} · Atelier Noir`);

    // Pages about the visitor's own data are rendered in the browser only.
    await page.goto('/cart');
    expect(await page.locator('#root').innerHTML()).toBe('');
    await context.close();
  });
}

/** Errors the page logs: a hydration mismatch shows up here. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  return errors;
}

test.describe('hydration', () => {
  test.use({ lang: 'bg' });

  test('takes over the server-rendered pages without a mismatch, and they answer', async ({ page }) => {
    const t = translator('bg');
    const errors = collectErrors(page);
    for (const path of ['/', '/clothing', '/product/1', '/materials', '/terms', '/about-us']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(errors).toEqual([]);

    // Handlers are attached: sizes and the stepper work, and links navigate in the app.
    await page.goto('/product/1');
    const size = page.getByRole('button', { name: 'M', exact: true });
    await size.click();
    await expect(size).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: t('quantity.increase') }).click();
    await expect(page.getByRole('textbox', { name: t('quantity.label') })).toHaveValue('2');
    await page
      .getByRole('link', { name: t('nav.clothing') })
      .first()
      .click({ force: true });
    await expect(page).toHaveURL(/\/clothing$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('clothing.title'));
    expect(errors).toEqual([]);
  });
});
