import { expect, expectAccessible, screenshots, test } from './fixtures.js';
import { translator } from './support/i18n.js';
import { readOutbox, waitForMail } from './support/mail.js';
import { bearer, signUpAndLogIn, uniqueEmail } from './support/accounts.js';
import { adminToken, shopperWithOneInCart } from './support/stock.js';

/**
 * Gift cards (issue 49): a shopper buys a card on the Gift cards page, pays on the built-in test
 * page, the recipient's mail brings the code, and the card pays a whole order at checkout, after
 * a discount code, with no payment page. Then the other purchase: a card for Christmas
 * Eve, chosen on the page's calendar, in Bulgarian on a phone.
 */
// One language per journey (decision 0049): English here, Bulgarian in the phone's describe.
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

/** The next Christmas Eve the calendar offers (today up to a year ahead): on the day itself, New Year's Eve. */
function nextChristmasEve(today = new Date()) {
  const eve = new Date(today.getFullYear(), 11, 24);
  if (isoDay(eve) > isoDay(today)) return eve;
  return isoDay(eve) === isoDay(today)
    ? new Date(today.getFullYear(), 11, 31)
    : new Date(today.getFullYear() + 1, 11, 24);
}

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

test.describe('in Bulgarian on a phone', () => {
  test.use({ lang: 'bg', viewport: { width: 390, height: 844 }, budget: 45_000 });

  test('buy a gift card for Christmas Eve on the calendar', async ({ page, shop }) => {
    const t = translator('bg');
    const months = t('datePicker.months').split(',');
    const dayName = (date: Date) =>
      t('datePicker.day', { day: date.getDate(), month: months[date.getMonth()] ?? '', year: date.getFullYear() });
    await page.goto('/?lang=bg');
    const buyer = await signUpAndLogIn(page, shop.baseURL, shop.outboxDir, {
      name: 'Мила Петрова',
      email: uniqueEmail('gift-cards-bg'),
      password: 'velvet-shadow-42',
    });
    const recipient = uniqueEmail('gift-bg-recipient');
    const eve = nextChristmasEve();

    await page.goto('/gift-cards?lang=bg');
    await page.getByLabel(t('giftCards.buy.otherAmount'), { exact: true }).fill('120');
    await page.getByLabel(t('giftCards.buy.recipientName'), { exact: true }).fill('Ана Иванова');
    await page.getByLabel(t('giftCards.buy.recipientEmail'), { exact: true }).fill(recipient);
    await page.getByLabel(t('giftCards.buy.message'), { exact: true }).fill('Весела Коледа!');
    // The calendar speaks Bulgarian, Monday first; it turns to December and takes the 24th.
    await page.getByRole('button', { name: new RegExp(`^${t('giftCards.buy.sendAt')}`) }).click();
    const calendar = page.getByRole('dialog');
    await expect(calendar.getByRole('columnheader').first()).toContainText('пн');
    const december = t('datePicker.month', { month: months[11] ?? '', year: eve.getFullYear() });
    for (let turns = 0; turns < 12 && (await calendar.getByText(december, { exact: true }).count()) === 0; turns += 1) {
      await calendar.getByRole('button', { name: t('datePicker.nextMonth') }).click();
    }
    // The open calendar's grid, headers and day buttons pass axe.
    await expectAccessible(page);
    await screenshots(page, 'gift-cards-calendar-bg');
    await calendar.getByRole('button', { name: dayName(eve), exact: true }).click();
    await expect(page.getByRole('button', { name: `${t('giftCards.buy.sendAt')} ${dayName(eve)}` })).toBeFocused();
    await page.getByRole('button', { name: /^Платете / }).click();

    await expect(page).toHaveURL(/\/pay\/cs_local_/);
    await page.getByLabel('Име върху картата').fill('Мила Петрова');
    await page.getByLabel('Номер на картата').fill('4242 4242 4242 4242');
    await page.getByLabel('Валидност (ММ/ГГ)').fill('12/39');
    await page.getByLabel('CVC код').fill('123');
    await page.getByRole('button', { name: /^Платете / }).click();
    await expect(page).toHaveURL(/\/gift-cards\?purchase=paid/);
    await expect(page.getByText(t('giftCards.buy.paid'))).toBeVisible();

    // The buyer's confirmation names the day; the recipient's mail waits for it.
    const confirmation = await waitForMail(shop.outboxDir, buyer.email, /потвърждение на покупката/);
    expect(confirmation.text).toContain(`на ${eve.getDate()} ${months[eve.getMonth()]} ${eve.getFullYear()} г.`);
    expect(readOutbox(shop.outboxDir).filter((mail) => mail.to.includes(recipient))).toHaveLength(0);
  });
});
