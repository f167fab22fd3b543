import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { saleDocuments } from '../../db/schema.js';
import { bearer } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { priceCart } from '../checkout/quote.js';
import { addCartLine, payOnTestPage, TEST_DELIVERY } from '../payments/test-support.js';
import { settingsRow } from '../settings/service.js';

/**
 * One VAT source (issue 44, YEAR.md section 1): checkout totals, the orders CSV and the documents
 * read the records settings' rate, so a shop not registered for VAT (0) has 0 everywhere.
 */
const t = useTestApp({ smtp: true, admin: true });

const setVatRate = async (vatRate: number) => {
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: bearer(t.admin),
    payload: { records: { vatRate } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
};

/** A card order of one line, paid on the test page: its id and how checkout reckons its VAT. */
async function paidOrder() {
  const user = await t.createUser();
  await addCartLine(t.db, user, await t.createProduct({ priceCents: 6000 }));
  const priced = await priceCart(t.db, user.id, await settingsRow(t.db), {
    deliveryMethod: 'address',
    cod: false,
    lock: false,
  });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY, paymentMethod: 'card' },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { orderId, sessionId } = placed.json<{ orderId: number; sessionId: string }>();
  await payOnTestPage(t.app, sessionId);
  await t.effectsRun();
  return { orderId, checkoutVatCents: priced.totals.vatCents };
}

/** The orders CSV's `line_vat` of the order's line (as the CSV writes it: a number with two decimals). */
async function csvLineVat(orderId: number) {
  const csv = await t.app.inject({ url: '/api/admin/orders/export.csv', headers: bearer(t.admin) });
  expect(csv.statusCode).toBe(200);
  const [head, ...rows] = csv.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const columns = head!.split(',');
  const row = rows
    .map((line) => line.split(','))
    .find((cells) => cells[columns.indexOf('order_id')] === String(orderId));
  return Number(row![columns.indexOf('line_vat')]);
}

describe('the VAT rate', () => {
  it('is the records setting in checkout totals, the orders CSV and the sale document: 0 for a shop not registered', async () => {
    await setVatRate(0);
    const zero = await paidOrder();
    expect(zero.checkoutVatCents).toBe(0);
    expect(await csvLineVat(zero.orderId)).toBe(0);
    const [document] = await t.db.select().from(saleDocuments).where(eq(saleDocuments.orderId, zero.orderId));
    expect(document).toMatchObject({ vatRate: 0 });
    expect(document!.data.vatCents).toBe(0);

    // At 20 % all three state the same VAT of the 60.00 line: 10.00.
    await setVatRate(20);
    const twenty = await paidOrder();
    expect(await csvLineVat(twenty.orderId)).toBe(10);
    const [taxed] = await t.db.select().from(saleDocuments).where(eq(saleDocuments.orderId, twenty.orderId));
    expect(taxed!.data.lines[0]!.vatCents).toBe(1000);
    expect(twenty.checkoutVatCents).toBe(taxed!.data.vatCents);
  });
});
