// @module-tag engine: whether a test payment takes a number of the gapless series (the counter row's SQL)
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { documentCounters, invoiceDocuments, invoiceRequests, orders, saleDocuments } from '../../db/schema.js';
import { bearer, type CreatedUser } from '../../test/factories.js';
import { useTestApp, type TestHarness } from '../../test/harness.js';
import { addCartLine, payOnTestPage, TEST_DELIVERY } from '../payments/test-support.js';
import { invoicePdf } from './invoice-pdf.js';
import { SERIES } from './numbering.js';
import { TEST_PAYMENT_MARK } from './pdf.js';

/**
 * Test payments are not sales (YEAR.md section 1, decision 0051): in production with
 * PAYMENTS=test an order paid on the built-in page gets no sale document, no invoice and no
 * number, and the audit file is refused; in development the page stands in for the provider and
 * each document says TEST PAYMENT.
 */

const COMPANY = {
  companyName: 'Клиент ЕООД',
  companyId: '020469788',
  vatId: 'BG020469788',
  address: 'бул. Витоша 10',
  city: 'София',
  country: 'BG',
};

/** An order through checkout (with an invoice asked for), paid on the test page when by card. */
async function placed(t: TestHarness, paymentMethod: 'card' | 'cod') {
  const user = await t.createUser();
  await addCartLine(t.db, user, await t.createProduct({ priceCents: 4200 }));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY, paymentMethod, invoice: COMPANY },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { orderId, sessionId } = response.json<{ orderId: number; sessionId: string }>();
  if (paymentMethod === 'card') await payOnTestPage(t.app, sessionId);
  return { user, orderId };
}

/** Effects, and the effects they wrote (an issued document's mail). */
async function settle(t: TestHarness) {
  await t.effectsRun();
  await t.effectsRun();
}

const documentsOf = (t: TestHarness, orderId: number, user: CreatedUser) =>
  t.app.inject({ url: `/api/orders/${orderId}/documents`, headers: bearer(user) });

const auditFile = (t: TestHarness) =>
  t.app.inject({ url: '/api/admin/records/audit-file?year=2026&month=3', headers: bearer(t.admin) });

describe('in production with PAYMENTS=test', () => {
  const t = useTestApp({
    env: { NODE_ENV: 'production', PAYMENTS: 'test', CURRENCY: 'EUR' },
    smtp: true,
    admin: true,
  });

  it('an order paid on the test page gets no sale document, no invoice and no number; the next real sale is number 1', async () => {
    const { user, orderId } = await placed(t, 'card');
    await settle(t);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'paid', paymentProvider: 'local' });
    expect(await t.db.select().from(saleDocuments).where(eq(saleDocuments.orderId, orderId))).toEqual([]);
    expect(await t.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.orderId, orderId))).toEqual([]);
    // The request is kept (the shopper asked), and nothing is numbered for it.
    expect(await t.db.select().from(invoiceRequests).where(eq(invoiceRequests.orderId, orderId))).toHaveLength(1);
    expect(await t.db.select().from(documentCounters)).toEqual([]);
    expect((await documentsOf(t, orderId, user)).json()).toEqual([]);
    // The payment confirmation still goes, with TEST PAYMENT and no document attached.
    const confirmation = await t.smtp.waitFor(user.email);
    expect(confirmation.raw).toContain('TEST PAYMENT');
    expect(confirmation.raw).not.toContain('application/pdf');
    // An invoice asked for afterwards is refused, by the shopper and by an admin.
    for (const [url, who] of [
      [`/api/orders/${orderId}/invoice`, user],
      [`/api/admin/orders/${orderId}/invoice`, t.admin],
    ] as const) {
      const asked = await t.app.inject({ method: 'POST', url, headers: bearer(who), payload: COMPANY });
      expect(asked.statusCode, asked.body).toBe(409);
      expect(asked.json()).toMatchObject({ code: 'TEST_PAYMENTS' });
    }

    // Cash on delivery is a real sale: delivered, it takes the series' first number and its invoice.
    const cod = await placed(t, 'cod');
    const step = (name: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${cod.orderId}/${name}`,
        headers: bearer(t.admin),
        payload,
      });
    expect((await step('ship', { carrier: 'Speedy', trackingNumber: 'SP1' })).statusCode).toBe(200);
    expect((await step('deliver')).statusCode).toBe(200);
    await settle(t);
    const [sale] = await t.db.select().from(saleDocuments).where(eq(saleDocuments.orderId, cod.orderId));
    expect(sale).toMatchObject({ number: '0000000001', paymentMethod: 'cod' });
    expect(sale!.data.testPayment).toBeUndefined();
    const [invoice] = await t.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.orderId, cod.orderId));
    expect(invoice).toMatchObject({ kind: 'invoice', number: '0000000001' });
    // The card order, delivered too, still has none.
    const cardStep = (name: string, payload?: object) =>
      t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/${name}`, headers: bearer(t.admin), payload });
    expect((await cardStep('ship', { carrier: 'Speedy', trackingNumber: 'SP2' })).statusCode).toBe(200);
    expect((await cardStep('deliver')).statusCode).toBe(200);
    await settle(t);
    expect(await t.db.select().from(saleDocuments).where(eq(saleDocuments.orderId, orderId))).toEqual([]);
  });

  it('refuses the audit file first of all (409 TEST_PAYMENTS), and the Records screen learns why', async () => {
    // The records settings are missing too: TEST_PAYMENTS is the first refusal that applies.
    const refused = await auditFile(t);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TEST_PAYMENTS', error: expect.stringContaining('PAYMENTS=test') });
    const month = await t.app.inject({ url: '/api/admin/records/month?year=2026&month=3', headers: bearer(t.admin) });
    expect(month.statusCode).toBe(200);
    expect(month.json()).toMatchObject({ testPayments: 'refused' });
  });
});

describe('in development (the test page stands in for the provider)', () => {
  const t = useTestApp({ env: { CURRENCY: 'EUR' }, smtp: true, admin: true });

  it('issues the sale document and the invoice of a test payment, each PDF saying TEST PAYMENT', async () => {
    const { user, orderId } = await placed(t, 'card');
    await settle(t);
    const listed = (await documentsOf(t, orderId, user)).json<{ kind: string; url: string }[]>();
    const [invoice] = await t.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.orderId, orderId));
    expect(invoice?.data.testPayment).toBe(true);
    const [sale] = await t.db.select().from(saleDocuments).where(eq(saleDocuments.orderId, orderId));
    expect(sale?.data.testPayment).toBe(true);
    const [counter] = await t.db.select().from(documentCounters).where(eq(documentCounters.series, SERIES.sale));
    expect(counter?.next).toBe(2);
    const pdfText = async (bytes: Uint8Array) =>
      (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text.replace(/\s+/g, ' ');
    const salePdf = await t.app.inject({
      url: listed.find((document) => document.kind === 'sale')!.url.replace('http://shop.test', ''),
    });
    expect(await pdfText(new Uint8Array(salePdf.rawPayload))).toContain(TEST_PAYMENT_MARK.replace(/\s+/g, ' '));
    expect(await pdfText(new Uint8Array(await invoicePdf(invoice!)))).toContain(TEST_PAYMENT_MARK.replace(/\s+/g, ' '));
  });

  it('gives a cash-on-delivery order no TEST PAYMENT mark', async () => {
    const cod = await placed(t, 'cod');
    const step = (name: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${cod.orderId}/${name}`,
        headers: bearer(t.admin),
        payload,
      });
    expect((await step('ship', { carrier: 'Speedy', trackingNumber: 'SP1' })).statusCode).toBe(200);
    expect((await step('deliver')).statusCode).toBe(200);
    await settle(t);
    const [sale] = await t.db.select().from(saleDocuments).where(eq(saleDocuments.orderId, cod.orderId));
    expect(sale).toBeDefined();
    expect(sale!.data.testPayment).toBeUndefined();
    const month = await t.app.inject({ url: '/api/admin/records/month?year=2026&month=3', headers: bearer(t.admin) });
    expect(month.json()).toMatchObject({ testPayments: 'stand-in' });
  });
});
