import type { APIRequestContext, Page } from '@playwright/test';
import type { Order, Quote } from '@shop/contract';
import { expect, expectAccessible, screenshots, test, waitForMail } from './fixtures.js';
import { bearer } from './support/accounts.js';
import { translator, type Lang } from './support/i18n.js';
import { adminToken, inStock, type StockedProduct } from './support/stock.js';

// Twice the 27.1 s the longest journey here took (decision 0049).
test.use({ budget: 60_000 });

/**
 * Discount codes (TRADE.md section 4): the owner creates a 10% code on the admin screen; a
 * shopper applies it at checkout, sees the discount and the total the server quotes, pays that
 * total on the built-in payment page, and the result and the order pages show the same code,
 * discount and total. In English (one language per journey, decision 0049).
 */

/** An amount as the app writes it in the shop's currency and the page's language. */
const moneyIn = (page: Page, amount: number, lang: Lang, currency: string) =>
  page.evaluate(
    ([value, locale, code]) =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: code,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
      }).format(value),
    [amount, lang === 'bg' ? 'bg-BG' : 'en-US', currency] as const,
  );

async function signIn(page: Page, token: string) {
  await page.evaluate((value) => {
    localStorage.setItem('token', value);
    window.dispatchEvent(new Event('shop:token'));
  }, token);
}

async function createShopper(request: APIRequestContext, outboxDir: string, lang: Lang) {
  const email = `codes-${lang}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signup = await request.post('/api/auth/signup', {
    data: { name: 'Mila Petrova', email, password: 'velvet-shadow-42', locale: lang },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const otp = /\b(\d{6})\b/.exec((await waitForMail(outboxDir, email)).text)?.[1];
  const verified = await request.post('/api/auth/verify-otp', { data: { email, otp } });
  expect(verified.ok(), await verified.text()).toBe(true);
  return { token: ((await verified.json()) as { token: string }).token, email };
}

test.describe('in English', () => {
  test.use({ lang: 'en' });

  test('the owner creates a 10% code; a shopper applies it, pays the quoted total, and the order shows the same', async ({
    page,
    request,
    shop,
    lang,
  }) => {
    const t = translator(lang);
    const { currency } = (await (await request.get('/api/settings')).json()) as { currency: string };
    const money = (amount: number) => moneyIn(page, amount, lang, currency);
    const code = `TEN-${lang.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;

    // The owner, on the admin screen reached from the admin icons.
    await page.goto('/');
    await signIn(page, await adminToken(request, shop.admin));
    await page.goto('/');
    await page.getByRole('link', { name: t('admin.nav.discountCodes'), exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/discount-codes$/);
    await expect(page.getByRole('heading', { level: 1, name: t('adminDiscounts.title') })).toBeVisible();
    await page.getByRole('button', { name: t('adminDiscounts.new'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t('adminDiscounts.form.newTitle') });
    await dialog.getByLabel(t('adminDiscounts.form.code'), { exact: true }).fill(code);
    await dialog.getByRole('radio', { name: t('adminDiscounts.kinds.percent') }).check();
    await dialog.getByLabel(t('adminDiscounts.form.percent'), { exact: true }).fill('10');
    if (lang === 'en') await screenshots(page, 'discount-codes-form-en');
    await dialog.getByRole('button', { name: t('adminDiscounts.form.create') }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId(`code-${code}`);
    await expect(row).toContainText(t('adminDiscounts.table.percent', { value: 10 }));
    await expect(row.getByRole('switch')).toBeChecked();
    await expectAccessible(page);
    await screenshots(page, `discount-codes-admin-${lang}`);

    // A shopper with one piece in the cart.
    const products = (await (await request.get('/api/products')).json()) as StockedProduct[];
    const { product, color, size } = inStock(products, 1);
    const { token: shopper, email } = await createShopper(request, shop.outboxDir, lang);
    const added = await request.post('/api/cart', {
      headers: bearer(shopper),
      data: { productId: product.id, selectedColor: color.id, selectedSize: size, quantity: 1 },
    });
    expect(added.ok(), await added.text()).toBe(true);
    // What the server will charge, without and with the code, delivered to an address by card.
    const quoteOf = async (discountCode?: string) => {
      const answer = await request.post('/api/checkout/quote', {
        headers: bearer(shopper),
        data: { deliveryMethod: 'address', paymentMethod: 'card', ...(discountCode ? { discountCode } : {}) },
      });
      expect(answer.status(), await answer.text()).toBe(200);
      return (await answer.json()) as Quote;
    };
    const before = await quoteOf();
    const quote = await quoteOf(code.toLowerCase());
    // 10% of the goods, rounded half up in cents.
    expect(quote.discount?.amount).toBe(Math.floor((Math.round(quote.subtotal * 100) * 20 + 100) / 200) / 100);
    const discount = `−${await money(quote.discount!.amount)}`;
    const total = await money(quote.total);

    // At checkout: the code typed in lower case, applied, the discount line and the new total.
    await signIn(page, shopper);
    await page.goto('/checkout');
    await page.getByRole('radio', { name: new RegExp(t('delivery.methods.address')) }).check();
    await page.getByLabel(t('delivery.name'), { exact: true }).fill('Mila Petrova');
    await page.getByLabel(t('delivery.phone'), { exact: true }).fill('+359 888 123 456');
    await page.getByLabel(t('delivery.city'), { exact: true }).fill('Sofia');
    await page.getByLabel(t('delivery.postcode'), { exact: true }).fill('1000');
    await page.getByLabel(t('delivery.line1'), { exact: true }).fill('1 Vitosha Blvd');
    await expect(page.getByTestId('checkout-total')).toHaveText(await money(before.total));

    // A code that does not exist first: refused beside the field.
    const field = page.getByLabel(t('checkout.code.label'), { exact: true });
    await field.fill('NO-SUCH-CODE');
    await page.getByRole('button', { name: t('checkout.code.apply'), exact: true }).click();
    await expect(page.getByText(t('checkout.code.errors.CODE_NOT_FOUND'))).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    await field.fill(code.toLowerCase());
    await page.getByRole('button', { name: t('checkout.code.apply'), exact: true }).click();
    await expect(page.getByText(t('checkout.code.applied', { code }))).toBeVisible();
    await expect(page.getByText(t('checkout.code.line', { code }), { exact: true })).toBeVisible();
    await expect(page.getByTestId('checkout-discount')).toHaveText(discount);
    await expect(page.getByTestId('checkout-subtotal')).toHaveText(await money(quote.subtotal));
    await expect(page.getByTestId('checkout-total')).toHaveText(total);
    await expectAccessible(page);
    await screenshots(page, `discount-codes-checkout-${lang}`);

    // The built-in payment page charges exactly the total.
    await page.getByRole('button', { name: t('checkout.pay.local') }).click();
    await expect(page).toHaveURL(/\/pay\/cs_local_/);
    await expect(page.getByText(total).first()).toBeVisible();
    await page.locator('input[name="name"]').fill('Mila Petrova');
    await page.locator('input[name="cardNumber"]').fill('4242 4242 4242 4242');
    await page.locator('input[name="expiry"]').fill('12/34');
    await page.locator('input[name="cvc"]').fill('123');
    // The pay button names the amount charged: the quoted total.
    await page.getByRole('button', { name: `${lang === 'en' ? 'Pay' : 'Платете'} ${total}`, exact: true }).click();

    // The result page: the code, its discount and the total.
    await expect(page).toHaveURL(/\/checkout-success\?session_id=cs_local_/);
    await expect(page.getByRole('heading', { level: 1, name: t('checkout.result.successTitle') })).toBeVisible();
    await expect(page.getByTestId('order-discount')).toContainText(t('orders.discount', { code }));
    await expect(page.getByTestId('order-discount')).toContainText(discount);
    await expect(page.getByRole('article')).toContainText(total);

    // The order's own page: the discount between the subtotal and the delivery, and the same total.
    const orders = (await (await request.get('/api/orders', { headers: bearer(shopper) })).json()) as Order[];
    expect(orders[0]?.discount).toEqual({ code, amount: quote.discount!.amount });
    expect(orders[0]?.total).toBe(quote.total);
    await page.goto(`/my-order/${orders[0]!.id}`);
    await expect(page.getByText(t('orderDetail.discount', { code }), { exact: true })).toBeVisible();
    await expect(page.getByTestId('order-discount')).toHaveText(discount);
    await expect(page.getByTestId('order-total')).toHaveText(total);
    await expectAccessible(page);
    await screenshots(page, `discount-codes-order-${lang}`);

    // The confirmation mail, in the shopper's language, says the same.
    const mail = await waitForMail(shop.outboxDir, email, lang === 'en' ? /confirmed/ : /потвърдена/);
    expect(mail.text).toContain(`${lang === 'en' ? 'Discount' : 'Отстъпка'} (${code}): ${discount}`);
    expect(mail.text).toContain(total);

    // The owner's order page says the same.
    await signIn(page, await adminToken(request, shop.admin));
    await page.goto(`/admin/orders/${orders[0]!.id}`);
    const term = page.getByText(t('adminOrders.totals.discount', { code }), { exact: true });
    await expect(term).toBeVisible();
    await expect(term.locator('xpath=following-sibling::dd[1]')).toHaveText(discount);
  });
});
