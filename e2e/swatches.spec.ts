import { colorNameIn } from '@shop/contract';
import { expect, expectAccessible, screenshot, test } from './fixtures.js';
import { translator, type Lang } from './support/i18n.js';

/**
 * Colour swatches on the cards (TRADE.md section 5, issue 31): a swatch shows its colour on the
 * card, and the card then opens the product page on that colour, painted so by the server.
 */

interface Color {
  id: number;
  colorName: string;
  colorNameBg: string;
  imageUrl: string;
}
interface Product {
  id: number;
  name: string;
  categoryId: number;
  colors: Color[];
}

const PHONE = { width: 390, height: 844 };

for (const [lang, viewport] of [
  ['en', { width: 1280, height: 800 }],
  ['bg', PHONE],
] as const satisfies readonly (readonly [Lang, { width: number; height: number }])[]) {
  test.describe(`swatches in ${lang} at ${viewport.width}px`, () => {
    test.use({ lang, viewport });

    test('on /clothing a swatch switches the card’s picture, and the product page opens on that colour', async ({
      page,
      request,
      browser,
      shop,
    }) => {
      const t = translator(lang);
      const products = (await (await request.get(`/api/products?lang=${lang}`)).json()) as Product[];
      const product = products.find((p) => p.colors.length > 1);
      if (!product) throw new Error('the demo catalogue has no product in two colours');
      const second = product.colors[1]!;

      await page.goto('/clothing');
      const card = page
        .locator('article')
        .filter({ has: page.locator(`a[href^="/product/${product.id}"]`) })
        .first();
      const swatches = card.getByRole('list', { name: t('catalog.colorsOf', { name: product.name }) });
      const swatch = swatches.getByRole('button', { name: colorNameIn(second, lang), exact: true });
      await swatch.scrollIntoViewIfNeeded();
      await expect(swatch).toHaveAttribute('aria-pressed', 'false');
      const picture = card.locator('a img').first();
      await expect(picture).not.toHaveAttribute('src', second.imageUrl);

      // A touch target as the buttons have on a phone (issue 45 item 15); a small disc with a mouse.
      const { width, height } = (await swatch.boundingBox())!;
      expect(Math.min(width, height)).toBeGreaterThanOrEqual(viewport === PHONE ? 44 : 28);
      await swatch.click();
      await expect(swatch).toHaveAttribute('aria-pressed', 'true');
      await expect(picture).toHaveAttribute('src', second.imageUrl);
      await expectAccessible(page);
      await screenshot(page, `swatches-${lang}`);

      await card.getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/product/${product.id}\\?color=${second.id}$`));
      const chosen = page.getByRole('group', { name: new RegExp(t('product.color')) });
      await expect(chosen.getByRole('button', { name: colorNameIn(second, lang), exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );

      // The server paints it so: the same address without JavaScript shows that colour chosen.
      const bare = await browser.newContext({ baseURL: shop.baseURL, javaScriptEnabled: false });
      await bare.addCookies([
        { name: 'lang', value: lang, url: shop.baseURL },
        { name: 'terms', value: 'accepted', url: shop.baseURL },
      ]);
      const still = await bare.newPage();
      await still.goto(`/product/${product.id}?color=${second.id}`);
      await expect(still.getByRole('button', { name: colorNameIn(second, lang), exact: true }).first()).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await bare.close();
    });
  });
}
