import type { Page } from '@playwright/test';
import type { AdminOrder, OrderDocument } from '@shop/contract';
import { expect, expectAccessible, screenshots, testOnDevelopmentShop as test, toast } from './fixtures.js';
import { bearer, logIn, useToken } from './support/accounts.js';
import { translator } from './support/i18n.js';
import { shopperWithOneInCart } from './support/stock.js';

// Twice the 24.4 s the longest journey here took (decision 0049).
test.use({ budget: 50_000 });

/**
 * Invoices and credit notes (TRADE.md section 3): a shopper asks for an invoice at checkout, pays
 * by card, and opens the invoice from the order's page; the admin refunds part of the order and
 * the credit note naming the invoice appears beside it. In English (one language per journey, decision 0049; the documents' Bulgarian
 * text is read in bulgarian.spec.ts).
 */

// Its shop runs outside production, where test payments get their invoices (fixtures.ts, decision 0051).

/** A company with a valid ЕИК (check digits by the BULSTAT rule: the example of the contract's tests). */
const COMPANY = { name: 'Noir Trading OOD', eik: '020469788', address: '12 Rakovski St', city: 'Sofia' };

async function fillAddress(page: Page, t: ReturnType<typeof translator>) {
  await page.getByRole('radio', { name: new RegExp(t('delivery.methods.address')) }).check();
  await page.getByLabel(t('delivery.name'), { exact: true }).fill('Mila Petrova');
  await page.getByLabel(t('delivery.phone'), { exact: true }).fill('+359 888 123 456');
  await page.getByLabel(t('delivery.city'), { exact: true }).fill('Sofia');
  await page.getByLabel(t('delivery.postcode'), { exact: true }).fill('1000');
  await page.getByLabel(t('delivery.line1'), { exact: true }).fill('1 Vitosha Blvd');
}

test.describe('in English', () => {
  test.use({ lang: 'en' });

  test('an invoice asked for at checkout, opened from the order; a partial refund adds its credit note', async ({
    page,
    request,
    shop,
    lang,
  }) => {
    const t = translator(lang);
    const shopper = await shopperWithOneInCart(page, request, shop, `invoices-${lang}`);

    // Checkout: the invoice's fields, a wrong ЕИК refused beside its field, then a right one.
    await page.goto('/checkout');
    await fillAddress(page, t);
    await page.getByRole('checkbox', { name: t('invoices.need') }).check();
    await page.getByLabel(t('invoices.fields.companyName'), { exact: true }).fill(COMPANY.name);
    const eik = page.getByLabel(t('invoices.fields.eik'), { exact: true });
    await eik.fill('123456789');
    await page.getByLabel(t('invoices.fields.address'), { exact: true }).fill(COMPANY.address);
    await page.getByLabel(t('invoices.fields.city'), { exact: true }).last().fill(COMPANY.city);
    const pay = page.getByRole('button', { name: t('checkout.pay.local') });
    await pay.click();
    await expect(page.getByText(t('invoices.errors.eik'))).toBeVisible();
    await expect(eik).toHaveAttribute('aria-invalid', 'true');
    await eik.fill(COMPANY.eik);
    await expectAccessible(page);
    await screenshots(page, `invoice-checkout-${lang}`);
    await pay.click();

    // The built-in payment page, in the shopper's language.
    await expect(page).toHaveURL(/\/pay\/cs_local_/);
    await page.locator('input[name="name"]').fill('Mila Petrova');
    await page.locator('input[name="cardNumber"]').fill('4242 4242 4242 4242');
    await page.locator('input[name="expiry"]').fill('12/34');
    await page.locator('input[name="cvc"]').fill('123');
    await page.getByRole('button', { name: lang === 'bg' ? /^Платете / : /^Pay / }).click();
    await expect(page).toHaveURL(/\/checkout-success\?session_id=cs_local_/);

    // The order's page lists the invoice; its link answers the PDF.
    const orders = (await (await request.get('/api/orders', { headers: bearer(shopper.token) })).json()) as {
      id: number;
    }[];
    const orderId = orders[0]!.id;
    const documentsOf = async () =>
      (await (
        await request.get(`/api/orders/${orderId}/documents`, { headers: bearer(shopper.token) })
      ).json()) as OrderDocument[];
    await expect
      .poll(async () => (await documentsOf()).map((document) => document.kind).sort())
      .toEqual(['invoice', 'sale']);
    const invoice = (await documentsOf()).find((document) => document.kind === 'invoice')!;
    await page.goto(`/my-order/${orderId}`);
    const documents = page.getByRole('region', { name: t('records.documents.title') });
    await expect(documents).toContainText(t('records.documents.kinds.invoice', { number: invoice.number }));
    const link = documents
      .getByRole('listitem')
      .filter({ hasText: t('records.documents.kinds.invoice', { number: invoice.number }) })
      .getByRole('link');
    const pdf = await request.get((await link.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expectAccessible(page);
    await screenshots(page, `invoice-order-${lang}`);

    // The admin refunds part of it: the credit note names the invoice's order and appears on both pages.
    const admin = await logIn(request, shop.admin.email, shop.admin.password);
    await useToken(page, admin);
    await page.goto(`/admin/orders/${orderId}`);
    await page.getByRole('button', { name: t('adminOrders.refund.button') }).click();
    const dialog = page.getByRole('dialog', { name: t('adminOrders.refund.title', { id: orderId }) });
    await dialog.getByLabel(t('adminOrders.refund.amount')).fill(lang === 'bg' ? '10,00' : '10.00');
    await dialog.getByRole('button', { name: t('adminOrders.refund.confirm') }).click();
    await expect(toast(page, t('adminOrders.refund.done', { id: orderId }))).toBeVisible();
    const refunded = (await (
      await request.get(`/api/admin/orders/${orderId}`, { headers: bearer(admin) })
    ).json()) as AdminOrder;
    expect(refunded.refunded).toBe(10);
    await expect
      .poll(async () => (await documentsOf()).filter((document) => document.kind === 'credit-note').length)
      .toBe(1);
    const credit = (await documentsOf()).find((document) => document.kind === 'credit-note')!;
    expect(Math.abs(credit.total!)).toBe(10);
    await page.reload();
    await expect(page.getByRole('region', { name: t('records.documents.title') })).toContainText(
      t('records.documents.kinds.credit-note', { number: credit.number }),
    );
    await screenshots(page, `invoice-credit-note-${lang}`);
    await useToken(page, shopper.token);
    await page.goto(`/my-order/${orderId}`);
    await expect(page.getByRole('region', { name: t('records.documents.title') })).toContainText(
      t('records.documents.kinds.credit-note', { number: credit.number }),
    );
  });
});
