import { suggestSize, type Product } from '@shop/contract';
import { expect, expectAccessible, screenshot, test } from './fixtures.js';
import { translator, type Lang } from './support/i18n.js';

/**
 * Size and fit on the product page (TRADE.md section 5, issue 31): the fit, the model, the
 * garment's measurements, the style code, and Find my size suggesting the size the table says.
 */

const PHONE = { width: 390, height: 844 };

for (const [lang, viewport] of [
  ['en', { width: 1280, height: 800 }],
  ['bg', PHONE],
] as const satisfies readonly (readonly [Lang, { width: number; height: number }])[]) {
  test.describe(`size and fit in ${lang} at ${viewport.width}px`, () => {
    test.use({ lang, viewport });

    test('the product page shows the size table and Find my size suggests the size it says', async ({
      page,
      request,
    }) => {
      const t = translator(lang);
      const products = (await (await request.get(`/api/products?lang=${lang}`)).json()) as Product[];
      const product = products.find((p) => p.fit?.measurements?.some((row) => typeof row.chestCm === 'number'));
      if (!product?.fit || !product.styleCode) throw new Error('the demo catalogue has no product with a chest table');
      const body = { heightCm: 180, chestCm: 96 };
      const expected = suggestSize(product.fit, body);
      if (!expected.size) throw new Error(`the demo table of ${product.styleCode} cannot tell a 96 cm chest`);

      await page.goto(`/product/${product.id}`);
      const section = page.getByRole('region', { name: t('sizeFit.title') });
      await section.scrollIntoViewIfNeeded();
      await expect(section.getByText(t(`sizeFit.type.${product.fit.type!}`))).toBeVisible();
      await expect(
        section.getByText(t('sizeFit.model', { height: product.fit.modelHeightCm!, size: product.fit.modelSize! })),
      ).toBeVisible();
      await expect(section.getByText(t('sizeFit.styleCode', { code: product.styleCode }))).toBeVisible();
      const table = section.getByRole('table', { name: t('sizeFit.caption') });
      await expect(table.getByRole('row')).toHaveCount(product.fit.measurements!.length + 1);

      const form = section.getByRole('form', { name: t('sizeFit.find.title') });
      await form.getByLabel(t('sizeFit.find.height')).fill(String(body.heightCm));
      await form.getByLabel(t('sizeFit.find.chest')).fill(String(body.chestCm));
      await form.getByRole('button', { name: t('sizeFit.find.submit') }).click();
      await expect(form.getByRole('status')).toHaveText(t('sizeFit.find.suggest', { size: expected.size }));
      await expectAccessible(page);
      await screenshot(page, `size-fit-${lang}`, { fullPage: true });

      // Beyond the largest size the page says so, rather than guess.
      await form.getByLabel(t('sizeFit.find.chest')).fill('150');
      await form.getByRole('button', { name: t('sizeFit.find.submit') }).click();
      await expect(form.getByRole('status')).toContainText(t('sizeFit.find.cannotTell'));
    });
  });
}
