import { GUARANTEE_NOTICE, type CheckoutSession, type Language } from '@shop/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, screenshots, test, toast } from './fixtures.js';
import { bearer } from './support/accounts.js';
import { translator } from './support/i18n.js';
import { adminToken, shopperWithOneInCart } from './support/stock.js';

// Twice the 20.7 s the longest journey here took (decision 0049).
test.use({ budget: 50_000 });

/**
 * The law's notices of issue 50 (decision 0054): the EU notice on the legal
 * guarantee near the product's price (behind its named button), in the cart and at checkout
 * before the order button, its QR code at least 2 cm wide (76 CSS pixels at 96 dpi) at desktop and
 * phone widths; /legal-guarantee and /accessibility reached from the footer; a product's
 * manufacturer and safety information on its page and in its structured data; a complaint filed
 * from the order page of a delivered order, found and decided in the owner's register (decision
 * 0089). Each page the shopper sees passes axe (the order page's guarantee card).
 * One language per journey (decision 0049): the shopper's pages in Bulgarian, the footer's pages
 * in English, so the notice is drawn and measured in each language once.
 */

const SAFETY = { en: 'Keep away from open flame.', bg: 'Да се пази от открит огън.' };
const MAKER = {
  name: 'Tekstil Plovdiv AD',
  address: 'ul. Industrialna 4, 4000 Plovdiv',
  email: 'safety@tekstil.example',
};

const QR_MIN_PX = 76;

const DELIVERY = {
  method: 'address',
  name: 'Mila Petrova',
  phone: '+359 88 123 4567',
  country: 'BG',
  city: 'Sofia',
  postcode: '1000',
  line1: '1 Vitosha Blvd',
} as const;

/** The notice on the page in `lang`, its QR code's rendered width at desktop and phone widths. */
async function expectNotice(page: Page, scope: Locator, lang: Language) {
  const notice = scope.getByRole('img', { name: GUARANTEE_NOTICE[lang].alt });
  await expect(notice).toBeVisible();
  for (const width of [1280, 1024, 390]) {
    await page.setViewportSize({ width, height: 844 });
    const box = await notice.locator('[data-qr]').boundingBox();
    expect(box?.width ?? 0, `QR code at ${width} px`).toBeGreaterThanOrEqual(QR_MIN_PX);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return notice;
}

test.describe('guarantees (bg)', () => {
  test.use({ lang: 'bg' });

  test('the EU notice near the price, in the cart and at checkout before the order button', async ({
    page,
    request,
    shop,
    lang,
  }) => {
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
      (image, button) => Boolean(image.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING),
      await order.elementHandle(),
    );
    expect(before).toBe(true);
    await expectAccessible(page);
    await screenshots(page, `guarantee-checkout-${lang}`);
  });

  test('a shopper files a complaint on a delivered order; the owner finds it in the register and decides', async ({
    page,
    request,
    shop,
    lang,
  }) => {
    const t = translator(lang);
    const defect = 'Ципът се скъса след седмица.';
    // A cash-on-delivery order of one item, shipped and delivered by the owner.
    const shopper = await shopperWithOneInCart(page, request, shop, `complaint-${lang}`);
    const placed = await request.post('/api/checkout/session', {
      headers: bearer(shopper.token),
      data: { delivery: DELIVERY, paymentMethod: 'cod' },
    });
    expect(placed.status(), await placed.text()).toBeLessThan(300);
    const { orderId } = (await placed.json()) as CheckoutSession;
    const admin = await adminToken(request, shop.admin);
    for (const [step, data] of [
      ['ship', { carrier: 'Speedy', trackingNumber: `RC${orderId}` }],
      ['deliver', {}],
    ] as const) {
      const answer = await request.post(`/api/admin/orders/${orderId}/${step}`, { headers: bearer(admin), data });
      expect(answer.status(), await answer.text()).toBe(200);
    }

    // The shopper, on the order's page: the line's guarantee end, and its "Report a defect" form.
    await page.goto(`/my-order/${orderId}`);
    const card = page.getByRole('region', { name: t('complaints.guarantee.title') });
    await expect(card.getByTestId(/^guarantee-/)).toContainText(t('complaints.guarantee.until', { date: '' }).trim());
    await card.getByRole('button', { name: t('complaints.guarantee.report') }).click();
    const form = card.getByRole('form');
    await form.getByLabel(t('complaints.form.description')).fill(defect);
    await form.getByRole('radio', { name: t('complaints.remedies.replacement') }).check();
    await form.getByRole('button', { name: t('complaints.form.submit') }).click();
    const done = card.getByRole('status');
    await expect(done).toBeVisible();
    const number = /\d{10}/.exec(await done.innerText())?.[0] ?? '';
    expect(number, 'the complaint’s number').toMatch(/^\d{10}$/);
    // The card passes axe with the filed complaint (the rest of the order page: checkout.spec.ts).
    await expectAccessible(page, 'section[aria-labelledby="order-guarantee"]');
    await screenshots(page, `complaint-filed-${lang}`);

    // The owner: the register lists it open, with the defect and what was asked; the decision.
    await page.evaluate((value) => localStorage.setItem('token', value), admin);
    await page.goto('/admin/complaints');
    const row = page.getByRole('row').filter({ hasText: number });
    await expect(row).toContainText(defect);
    await expect(row).toContainText(t('complaints.admin.asked', { remedy: t('complaints.remedies.replacement') }));
    await row.getByRole('button', { name: t('complaints.admin.decideNamed', { number }) }).click();
    const decide = page.getByRole('form', { name: t('complaints.admin.decideNamed', { number }) });
    await decide.getByLabel(t('complaints.admin.form.outcome')).selectOption('repair');
    await decide.getByLabel(t('complaints.admin.form.note')).fill('Ще сменим ципа безплатно.');
    await decide.getByRole('button', { name: t('complaints.admin.form.submit') }).click();
    await expect(toast(page, t('complaints.admin.toasts.decided', { number }))).toBeVisible();
    await page.getByRole('tab', { name: t('complaints.admin.tabs.decided') }).click();
    await expect(page.getByRole('row').filter({ hasText: number })).toContainText(t('complaints.outcomes.repair'));
    await screenshots(page, `complaint-decided-${lang}`);
  });

  test('a product names its manufacturer with both addresses and its safety information, in the page and its data', async ({
    page,
    request,
    shop,
    lang,
  }) => {
    const t = translator(lang);
    const token = await adminToken(request, shop.admin);
    const [product] = (await (await request.get('/api/products?limit=1')).json()) as { id: number }[];
    const saved = await request.put(`/api/admin/products/${product!.id}/details`, {
      headers: { authorization: `Bearer ${token}` },
      data: { safety: SAFETY, manufacturer: MAKER },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    // The server's first HTML: the structured data names the manufacturer with both addresses.
    const html = await (await request.get(`/product/${product!.id}?lang=${lang}`)).text();
    const data = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as { '@type': string; manufacturer?: unknown },
    );
    expect(data.find((block) => block['@type'] === 'Product')?.manufacturer).toEqual({
      '@type': 'Organization',
      ...MAKER,
    });

    await page.goto(`/product/${product!.id}`);
    const facts = page.getByRole('region', { name: t('productFacts.title') });
    await expect(facts.getByText(SAFETY[lang])).toBeVisible();
    await expect(facts.getByText(SAFETY[lang === 'en' ? 'bg' : 'en'])).toHaveCount(0);
    await expect(facts.getByText(`${MAKER.name}, ${MAKER.address}`)).toBeVisible();
    await expect(facts.getByRole('link', { name: MAKER.email })).toHaveAttribute('href', `mailto:${MAKER.email}`);
    await expectAccessible(page);

    // Back to the seller: its name and email, and no warning.
    await request.put(`/api/admin/products/${product!.id}/details`, {
      headers: { authorization: `Bearer ${token}` },
      data: { safety: null, manufacturer: null },
    });
  });
});

test.describe('accessibility and the guarantee (en)', () => {
  test.use({ lang: 'en' });

  test('/legal-guarantee and /accessibility from the footer, on the server too', async ({ page, lang }) => {
    const t = translator(lang);
    const settings = (await (await page.request.get('/api/settings')).json()) as { seller: { email: string } };
    for (const [path, link, title] of [
      ['/legal-guarantee', t('footer.legalGuarantee'), t('legalGuarantee.title')],
      ['/accessibility', t('footer.accessibility'), t('accessibility.title')],
    ] as const) {
      const html = await (await page.request.get(path, { headers: { cookie: `lang=${lang}` } })).text();
      expect(html, path).toContain(settings.seller.email);
      // Opened directly: every face the page shows (its Cyrillic on an English page too) came with its HTML.
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const lateFonts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.woff2'))
          .filter((entry) => (entry as PerformanceResourceTiming).initiatorType !== 'link')
          .map((entry) => entry.name),
      );
      expect(lateFonts, path).toEqual([]);
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
