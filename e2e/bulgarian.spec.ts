import type { Page } from '@playwright/test';
import type { OrderDocument, Quote } from '@shop/contract';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, expectAccessible, screenshots, testOnDevelopmentShop as test, waitForMail } from './fixtures.js';
import { bearer } from './support/accounts.js';
import { translator } from './support/i18n.js';
import { shopperWithOneInCart, type StockedProduct } from './support/stock.js';

/**
 * What only Bulgarian does. Every other journey runs in one language (decision 0049) and reads its
 * words from the locale files; this one checks what a translation alone would not show: prices
 * with a decimal comma (the checkout, the payment page), Cyrillic drawn in the shop's own faces
 * (not a fallback), the order's mail in Bulgarian with its amounts written the Bulgarian way, and
 * the sale document's PDF in Bulgarian.
 */
// The sale document of a card payment: its shop runs outside production, where test payments get
// their documents (fixtures.ts, decision 0051).
test.use({ lang: 'bg' });

/** An amount as the app writes it in Bulgarian ("1 227,00 €"), by the browser's own Intl. */
const bulgarianMoney = (page: Page, amount: number, currency: string) =>
  page.evaluate(
    ([value, code]) =>
      new Intl.NumberFormat('bg-BG', {
        style: 'currency',
        currency: code,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
      }).format(value),
    [amount, currency] as const,
  );

/** The faces the page has loaded, as `family unicode-range` (a Cyrillic face covers U+400-45F). */
const loadedFaces = (page: Page) =>
  page.evaluate(() => {
    const faces: string[] = [];
    document.fonts.forEach((face) => {
      if (face.status === 'loaded') faces.push(`${face.family.replace(/"/g, '')} ${face.unicodeRange}`);
    });
    return faces;
  });

test('a shopper in Bulgarian: prices with a decimal comma, Cyrillic in the shop’s faces, the mail and the sale document in Bulgarian', async ({
  page,
  request,
  shop,
  lang,
}) => {
  const t = translator(lang);
  const { currency } = (await (await request.get('/api/settings')).json()) as { currency: string };
  const shopper = await shopperWithOneInCart(page, request, shop, 'bulgarian');
  const [line] = (await (await request.get('/api/cart', { headers: bearer(shopper.token) })).json()) as {
    productId: number;
  }[];
  const product = (await (await request.get(`/api/products/${line!.productId}?lang=bg`)).json()) as StockedProduct;
  const quote = (await (
    await request.post('/api/checkout/quote', {
      headers: bearer(shopper.token),
      data: { deliveryMethod: 'address', paymentMethod: 'card' },
    })
  ).json()) as Quote;
  const total = await bulgarianMoney(page, quote.total, currency);
  // A decimal comma, and the sign after the amount.
  expect(total).toMatch(/^\d{1,3}(?:\s\d{3})*,\d{2}\s\S+$/);

  // The checkout: an address in Cyrillic, the total with a decimal comma.
  await page.goto('/checkout');
  await page.getByRole('radio', { name: new RegExp(t('delivery.methods.address')) }).check();
  await page.getByLabel(t('delivery.name'), { exact: true }).fill('Мила Петрова');
  await page.getByLabel(t('delivery.phone'), { exact: true }).fill('+359 888 123 456');
  await page.getByLabel(t('delivery.city'), { exact: true }).fill('София');
  await page.getByLabel(t('delivery.postcode'), { exact: true }).fill('1000');
  await page.getByLabel(t('delivery.line1'), { exact: true }).fill('бул. „Витоша“ 1');
  await expect(page.getByTestId('checkout-total')).toHaveText(total);

  // Cyrillic in the shop's faces: both Cyrillic faces loaded (the heading's and the text's), and
  // the page's Cyrillic words need no face still to come.
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(/[\u0400-\u04ff]/);
  await expect
    .poll(() => loadedFaces(page))
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Manrope Variable .*U\+0?400-45F/i),
        expect.stringMatching(/^Cormorant Garamond Variable .*U\+0?400-45F/i),
      ]),
    );
  const words = (await heading.textContent()) ?? '';
  expect(
    await page.evaluate(
      (text) =>
        document.fonts.check(`16px "Manrope Variable"`, text) &&
        document.fonts.check(`32px "Cormorant Garamond Variable"`, text),
      words,
    ),
  ).toBe(true);
  expect(await heading.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^"?Cormorant Garamond/);
  await expectAccessible(page);
  await screenshots(page, 'bulgarian-checkout');

  // The built-in payment page, in Bulgarian: its button names the amount with a decimal comma.
  await page.getByRole('button', { name: t('checkout.pay.local') }).click();
  await expect(page).toHaveURL(/\/pay\/cs_local_/);
  await page.locator('input[name="name"]').fill('Мила Петрова');
  await page.locator('input[name="cardNumber"]').fill('4242 4242 4242 4242');
  await page.locator('input[name="expiry"]').fill('12/34');
  await page.locator('input[name="cvc"]').fill('123');
  await page.getByRole('button', { name: `Платете ${total}`, exact: true }).click();
  await expect(page).toHaveURL(/\/checkout-success\?session_id=cs_local_/);
  await expect(page.getByRole('heading', { level: 1, name: t('checkout.result.successTitle') })).toBeVisible();

  // The mail, in Bulgarian: its subject, the product's Bulgarian name, the total written as Bulgarian does.
  const mail = await waitForMail(shop.outboxDir, shopper.email, /потвърдена/);
  expect(mail.subject).toMatch(/^Поръчка .+ в Atelier Noir е потвърдена$/);
  expect(mail.text).toContain('Плащането е получено');
  expect(mail.text).toContain(product.name);
  const totalLine = mail.text.split('\n').find((text) => text.startsWith('Общо'));
  expect(totalLine?.replace(/\s/g, ' ')).toContain(total.replace(/\s/g, ' '));

  // The sale document, from the order's page: its PDF says it in Bulgarian.
  const orders = (await (await request.get('/api/orders', { headers: bearer(shopper.token) })).json()) as {
    id: number;
  }[];
  const orderId = orders[0]!.id;
  const documentsOf = async () =>
    (await (
      await request.get(`/api/orders/${orderId}/documents`, { headers: bearer(shopper.token) })
    ).json()) as OrderDocument[];
  await expect.poll(async () => (await documentsOf()).map((document) => document.kind)).toEqual(['sale']);
  const [sale] = await documentsOf();
  await page.goto(`/my-order/${orderId}`);
  const link = page
    .getByRole('region', { name: t('records.documents.title') })
    .getByRole('listitem')
    .filter({ hasText: t('records.documents.kinds.sale', { number: sale!.number }) })
    .getByRole('link');
  const pdf = await request.get((await link.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true });
  const printed = text.replace(/\s+/g, ' ');
  for (const expected of [
    'Документ за регистриране на продажба',
    `№ ${sale!.number}`,
    product.name,
    `Обща сума / Total: ${total.replace(/\s/g, ' ')}`,
    'Карта чрез доставчик на платежни услуги',
  ]) {
    expect(printed).toContain(expected);
  }
});
