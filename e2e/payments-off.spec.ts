import { expect, screenshots, test } from './fixtures.js';
import { translator } from './support/i18n.js';

/**
 * A shop with card payments switched off (PAYMENTS=off: cash on delivery only) says nothing of
 * cards: the footer, the notice banner, the product page, the terms and the FAQ speak of cash on
 * delivery, already in the HTML the server renders (no JavaScript here), in English (one language
 * per journey, decision 0049). On the worker's shop with cards off, which is in euros too
 * (`CURRENCY=EUR`, as euro.spec.ts needs): nothing here names a currency.
 */
test('no card wording on shopper pages when cards are off, in en', async ({
  browser,
  lang,
  euroCashOnlyShop: shop,
}) => {
  const t = translator(lang);
  const context = await browser.newContext({ baseURL: shop.baseURL, javaScriptEnabled: false });
  await context.addCookies([
    { name: 'lang', value: lang, url: shop.baseURL },
    { name: 'terms', value: 'accepted', url: shop.baseURL },
  ]);
  const page = await context.newPage();
  const products = (await (await page.request.get('/api/products')).json()) as { id: number }[];

  await page.goto('/');
  await expect(page.getByText(t('banner.textCod', { returnDays: 14 }))).toBeVisible();
  await expect(page.locator('footer')).toContainText(t('footer.copyright', { year: new Date().getFullYear() }));
  await expect(page.locator('footer')).not.toContainText(t('footer.payments'));
  await expect(page.locator('body')).not.toContainText(/Visa|Mastercard/);
  await screenshots(page, `payments-off-home-${lang}`);

  await page.goto(`/product/${products[0]!.id}`);
  await expect(page.getByText(t('product.notePaymentsCod'))).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/Visa|Mastercard/);

  await page.goto('/terms');
  await expect(page.getByText(t('terms.cardDisabled'))).toBeVisible();
  await expect(page.getByText(t('terms.cardEnabled'))).toHaveCount(0);
  await screenshots(page, `payments-off-terms-${lang}`);

  await page.goto('/faqs');
  await expect(page.locator('main')).toContainText(t('faqs.items.payments.aCod'));
  await expect(page.locator('body')).not.toContainText(/Visa|Mastercard/);
  await context.close();
});
