import type { Locator, Page } from '@playwright/test';
import { expect, screenshots, test } from './fixtures.js';
import { translator, type Lang } from './support/i18n.js';
import { adminToken } from './support/stock.js';

/**
 * A sale (TRADE.md section 4): the owner sets one in the product editor, starting now; a shopper
 * finds the piece on the sale page and on its own page with the sale price, the prior price (the
 * lowest of the 30 days before) struck through and the percentage off it. In Bulgarian (one language
 * per journey, decision 0049): the owner types the price with a decimal comma.
 */

interface ListedProduct {
  id: number;
  name: string;
  price: number;
  regularPrice: number;
  sale: { priorPrice: number; percentOff: number; endsAt: string | null } | null;
  translations: { language: string; name: string }[];
}

const SIGNS: Record<string, string> = { EUR: '€', USD: '$', GBP: '£' };

/** A price as the shop writes it (prices below 1,000): "€69.90", "69,90 €". */
const money = (amount: number, lang: Lang, currency: string) => {
  const sign = SIGNS[currency] ?? currency;
  return lang === 'bg' ? `${amount.toFixed(2).replace('.', ',')}\u00a0${sign}` : `${sign}${amount.toFixed(2)}`;
};

/** The sale price, the struck prior price and the percentage, within `scope`. */
async function expectReduction(scope: Locator, product: ListedProduct, lang: Lang, currency: string) {
  const sale = product.sale!;
  await expect(scope.getByText(money(product.price, lang, currency), { exact: false }).first()).toBeVisible();
  await expect(scope.locator('del')).toContainText(money(sale.priorPrice, lang, currency));
  // Named beside the struck price: hidden for screen readers on cards, in plain sight on the product page.
  await expect(scope).toContainText(translator(lang)('price.priorLabel'));
  await expect(scope.getByText(`−${sale.percentOff}%`, { exact: true })).toBeVisible();
}

const nameIn = (product: ListedProduct, lang: Lang) =>
  product.translations.find((text) => text.language === lang)?.name ?? product.name;

async function signIn(page: Page, token: string | null) {
  await page.evaluate((value) => {
    if (value) localStorage.setItem('token', value);
    else localStorage.removeItem('token');
    window.dispatchEvent(new Event('shop:token'));
  }, token);
}

test.use({ lang: 'bg' });

test('the owner puts a piece on sale in the editor; shoppers see the reduction on the sale page and the product page', async ({
  page,
  request,
  shop,
  lang,
}) => {
  const t = translator(lang);
  const { currency } = (await (await request.get('/api/settings')).json()) as { currency: string };
  const products = (await (await request.get(`/api/products?lang=${lang}`)).json()) as ListedProduct[];
  const product = products.find((candidate) => candidate.sale === null && candidate.price >= 20)!;
  expect(product, 'a demo product without a sale').toBeTruthy();
  const salePrice = Math.round(product.regularPrice * 70) / 100;

  // The owner, in the editor's Sale panel: the price alone starts the sale now.
  await page.goto('/');
  await signIn(page, await adminToken(request, shop.admin));
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: t('admin.edit.button') }).click();
  const panel = page.getByRole('region', { name: t('admin.sale.title'), exact: true });
  await expect(panel.getByText(t('admin.sale.none'))).toBeVisible();
  const typed = salePrice.toFixed(2);
  await panel.getByLabel(t('admin.sale.price')).fill(lang === 'bg' ? typed.replace('.', ',') : typed);
  await panel.getByRole('button', { name: t('admin.sale.schedule') }).click();
  await expect(panel.getByText(t('admin.sale.badgeRunning'), { exact: true })).toBeVisible();
  await expect(panel.getByRole('table', { name: t('admin.sale.history.title') })).toContainText(
    money(salePrice, lang, currency),
  );
  await screenshots(page, `sale-admin-panel-${lang}`);

  const onSale = (await (await request.get(`/api/products/${product.id}?lang=${lang}`)).json()) as ListedProduct;
  expect(onSale.price).toBe(salePrice);
  expect(onSale.sale?.percentOff).toBeGreaterThan(0);

  // A shopper, not logged in: the Sale link, the sale page, the product page.
  await signIn(page, null);
  await page.goto('/');
  await page
    .getByRole('banner')
    .getByRole('link', { name: t('nav.sale'), exact: true })
    .click();
  await expect(page).toHaveURL(/\/sale(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: t('sale.title') })).toBeVisible();
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: nameIn(onSale, lang) }) });
  await expectReduction(card, onSale, lang, currency);
  await screenshots(page, `sale-page-${lang}`);

  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}`));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: nameIn(onSale, lang) })).toBeVisible();
  await expectReduction(main, onSale, lang, currency);
  await screenshots(page, `sale-product-${lang}`);

  // Ended by the owner: the piece leaves the sale page.
  const ended = await request.delete(`/api/admin/products/${product.id}/sale`, {
    headers: { authorization: `Bearer ${await adminToken(request, shop.admin)}` },
  });
  expect(ended.status(), await ended.text()).toBe(200);
  await page.goto('/sale');
  await expect(page.getByRole('heading', { name: nameIn(onSale, lang) })).toHaveCount(0);
});
