import { expect, expectAccessible, screenshots, test } from './fixtures.js';
import { translator } from './support/i18n.js';
import { waitForMail } from './support/mail.js';
import { bearer } from './support/accounts.js';
import { adminToken, shopperWithOneInCart } from './support/stock.js';

/**
 * Gift cards (issue 49): a shopper buys a card on the Gift cards page, pays on the built-in test
 * page, the recipient's mail brings the code, and the card pays a whole order at checkout, after
 * a discount code, with no payment page.
 */
// One language per journey (decision 0049): English here.
const lang = 'en';
test.use({ lang, budget: 40_000 });

test('buy a gift card on the test payment page, then spend it at checkout', async ({ page, request, shop }) => {
  const t = translator(lang);
  const shopper = await shopperWithOneInCart(page, request, shop, 'gift-cards');
  const discountCode = `GIFT-${Date.now().toString(36).toUpperCase()}`;
  const created = await request.post('/api/admin/discount-codes', {
    headers: bearer(await adminToken(request, shop.admin)),
    data: { code: discountCode, kind: 'percent', value: 10, maxUses: 1 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const recipient = `gift-${Date.now().toString(36)}@example.com`;

  await page.goto(`/gift-cards?lang=${lang}`);
  await page.getByLabel(t('giftCards.buy.otherAmount'), { exact: true }).fill('500');
  await page.getByLabel(t('giftCards.buy.recipientName'), { exact: true }).fill('Ana Ivanova');
  await page.getByLabel(t('giftCards.buy.recipientEmail'), { exact: true }).fill(recipient);
  await page.getByLabel(t('giftCards.buy.message'), { exact: true }).fill('Happy birthday!');
  await expectAccessible(page);
  await screenshots(page, `gift-cards-${lang}`);
  await page.getByRole('button', { name: /^Pay / }).click();

  // The built-in test page, for the card's amount.
  await expect(page).toHaveURL(/\/pay\/cs_local_/);
  await page.getByLabel('Name on card').fill('Mila Petrova');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/gift-cards\?purchase=paid/);
  await expect(page.getByText(t('giftCards.buy.paid'))).toBeVisible();

  const mail = await waitForMail(shop.outboxDir, recipient, /gift card/);
  const code = /\b([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})\b/.exec(mail.text)?.[1];
  expect(code, mail.text).toBeTruthy();
  await waitForMail(shop.outboxDir, shopper.email, /purchase confirmation/);

  await page.goto(`/checkout?lang=${lang}`);
  await page.getByRole('radio', { name: new RegExp(t('delivery.methods.address')) }).check();
  await page.getByLabel(t('delivery.name'), { exact: true }).fill('Mila Petrova');
  await page.getByLabel(t('delivery.phone'), { exact: true }).fill('+359 888 123 456');
  await page.getByLabel(t('delivery.city'), { exact: true }).fill('Sofia');
  await page.getByLabel(t('delivery.postcode'), { exact: true }).fill('1000');
  await page.getByLabel(t('delivery.line1'), { exact: true }).fill('1 Vitosha Blvd');
  // The discount code first: the card pays what is left after it.
  await page.getByLabel(t('checkout.code.label'), { exact: true }).fill(discountCode);
  await page.getByRole('button', { name: t('checkout.code.apply'), exact: true }).click();
  await expect(page.getByText(t('checkout.code.applied', { code: discountCode }))).toBeVisible();
  // Typed in lower case with spaces: read all the same.
  await page.getByLabel(t('giftCards.checkout.label'), { exact: true }).fill(code!.toLowerCase().replace(/-/g, ' '));
  await page.getByRole('button', { name: t('giftCards.checkout.add'), exact: true }).click();
  await expect(page.getByTestId('checkout-amount-due')).toHaveText(/0[.,]00/);
  await expect(page.getByText(`•••• ${code!.slice(-4)}`).first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: t('giftCards.checkout.placeCovered') }).click();
  await expect(page).toHaveURL(/\/checkout-success\?order_id=\d+/);
});
