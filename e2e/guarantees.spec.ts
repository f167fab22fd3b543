import { GUARANTEE_NOTICE, type Language } from '@shop/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, screenshots, test } from './fixtures.js';
import { translator } from './support/i18n.js';
import { shopperWithOneInCart } from './support/stock.js';

/**
 * The law's notices of issue 50 (decision 0054), in both languages: the EU notice on the legal
 * guarantee near the product's price (behind its named button), in the cart and at checkout
 * before the order button, its QR code at least 2 cm wide (76 CSS pixels at 96 dpi) at desktop and
 * phone widths; /legal-guarantee and /accessibility reached from the footer. Each page passes axe.
 */

const QR_MIN_PX = 76;

/** The notice on the page in `lang`, its QR code's rendered width at desktop and phone widths. */
async function expectNotice(page: Page, scope: Locator, lang: Language) {
  const notice = scope.getByRole('img', { name: GUARANTEE_NOTICE[lang].alt });
  await expect(notice).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    const box = await notice.locator('[data-qr]').boundingBox();
    expect(box?.width ?? 0, `QR code at ${width} px`).toBeGreaterThanOrEqual(QR_MIN_PX);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return notice;
}

for (const lang of ['en', 'bg'] as const) {
  test.describe(`guarantees and accessibility (${lang})`, () => {
    test.use({ lang });

    test('the EU notice near the price, in the cart and at checkout before the order button', async ({
      page,
      request,
      shop,
    }) => {
      test.setTimeout(120_000);
      const t = translator(lang);
      await shopperWithOneInCart(page, request, shop, `guarantee-${lang}`);

      const [product] = (await (await request.get('/api/products?limit=1')).json()) as { id: number }[];
      await page.goto(`/product/${product!.id}`);
      const open = page.getByRole('button', { name: t('guaranteeNotice.show') });
      await expect(open).toHaveAttribute('aria-expanded', 'false');
      await open.click();
      await expectNotice(page, page.getByRole('main'), lang);
      await expectAccessible(page);
      await screenshots(page, `guarantee-product-${lang}`);

      await page.goto('/cart');
      await expectNotice(page, page.getByRole('main'), lang);
      await expectAccessible(page);
      await screenshots(page, `guarantee-cart-${lang}`);

      await page.goto('/checkout');
      const notice = await expectNotice(page, page.getByRole('main'), lang);
      // The order button: the checkout form's submit button ("Place order", "Pay …").
      const order = page.getByRole('main').locator('form button[type="submit"]').last();
      await expect(order).toBeVisible();
      // Before the order button: the notice comes first in the page's order.
      const before = await notice.evaluate(
        (image, button) => Boolean(image.compareDocumentPosition(button!) & Node.DOCUMENT_POSITION_FOLLOWING),
        await order.elementHandle(),
      );
      expect(before).toBe(true);
      await expectAccessible(page);
      await screenshots(page, `guarantee-checkout-${lang}`);
    });

    test('/legal-guarantee and /accessibility from the footer, on the server too', async ({ page }) => {
      const t = translator(lang);
      const settings = (await (await page.request.get('/api/settings')).json()) as { seller: { email: string } };
      for (const [path, link, title] of [
        ['/legal-guarantee', t('footer.legalGuarantee'), t('legalGuarantee.title')],
        ['/accessibility', t('footer.accessibility'), t('accessibility.title')],
      ] as const) {
        const html = await (await page.request.get(path, { headers: { cookie: `lang=${lang}` } })).text();
        expect(html, path).toContain(settings.seller.email);
        await page.goto('/');
        await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByRole('main').getByText(settings.seller.email).first()).toBeVisible();
        if (path === '/legal-guarantee') {
          await expectNotice(page, page.getByRole('main'), lang);
          await expect(page.getByRole('main')).toContainText(t('legalGuarantee.sections.length.title'));
        }
        await expectAccessible(page);
        await screenshots(page, `${path.slice(1)}-${lang}`);
      }
    });
  });
}
