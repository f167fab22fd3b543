import { readFileSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { orderItems, orders, refunds } from '../../db/schema.js';
import { ERROR_STATUS } from '../../lib/error-handler.js';
import { effectsRun } from '../../test/app.js';
import { bearer, createProduct, createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, payOnTestPage, TEST_DELIVERY } from '../payments/test-support.js';
import { auditFile, monthStartInSofia, recordsMonth } from './audit-file.js';
import { issueSaleDocument } from './sale-document.js';

/**
 * The monthly audit file (Annex 38, decision 0042): every file made here is validated against the
 * revenue agency's dec_audit.xsd (testdata/, windows-1251 like the files). xmllint-wasm reads
 * UTF-8 only, so the file's bytes are decoded from windows-1251 and the declaration says so
 * before validation; the encoding itself is checked byte by byte apart.
 */
const t = useTestApp({ env: { CURRENCY: 'EUR' }, smtp: true, admin: true });
const xsd = iconv
  .decode(readFileSync(new URL('./testdata/dec_audit.xsd', import.meta.url)), 'win1251')
  .replace('encoding="WINDOWS-1251"', 'encoding="UTF-8"');

const auditUrl = (year: string | number, month: string | number) =>
  `/api/admin/records/audit-file?year=${year}&month=${month}`;
const getAudit = (year: string | number, month: string | number) =>
  t.app.inject({ url: auditUrl(year, month), headers: bearer(t.admin) });
const putSettings = (payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: bearer(t.admin), payload });
const adminStep = (orderId: number, name: string, payload?: object, headers?: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/${name}`,
    headers: { ...bearer(t.admin), ...headers },
    payload,
  });

/** What the audit file needs in the settings. */
const RECORDS = { eShopNumber: 'RF0001234', domain: 'shop.example.bg', paymentProviderId: '175325806' };
const SELLER = { companyId: '206123451' };

/** Two instants inside March 2026 in Sofia, at its edges: 00:30 on the 1st (22:30 UTC on 28 Feb) and 23:30 on the 31st. */
const MARCH_FIRST = new Date('2026-02-28T22:30:00Z');
const MARCH_LAST = new Date('2026-03-31T20:30:00Z');

async function validate(bytes: Buffer) {
  const text = iconv.decode(bytes, 'win1251').replace('encoding="windows-1251"', 'encoding="UTF-8"');
  return validateXML({
    xml: { fileName: 'audit.xml', contents: text },
    schema: { fileName: 'dec_audit.xsd', contents: xsd },
  });
}

/** The file's orders by number, each with its totals in cents, `paym`, `trans_n` and `proc_id`. */
function parse(bytes: Buffer) {
  const text = iconv.decode(bytes, 'win1251');
  const value = (block: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(block)?.[1];
  const cents = (block: string, name: string) => Math.round(Number(value(block, name)) * 100);
  const ordersIn = [...text.matchAll(/<orderenum>([\s\S]*?)<\/orderenum>/g)].map(([, block]) => ({
    ord_n: value(block!, 'ord_n')!,
    doc_n: value(block!, 'doc_n')!,
    total1: cents(block!, 'ord_total1'),
    disc: cents(block!, 'ord_disc'),
    vat: cents(block!, 'ord_vat'),
    total2: cents(block!, 'ord_total2'),
    paym: value(block!, 'paym'),
    trans_n: value(block!, 'trans_n'),
    proc_id: value(block!, 'proc_id'),
    names: [...block!.matchAll(/<art_name>([^<]*)<\/art_name>/g)].map((m) => m[1]),
  }));
  const refundsIn = [...text.matchAll(/<rorderenum>([\s\S]*?)<\/rorderenum>/g)].map(([, block]) => ({
    r_ord_n: value(block!, 'r_ord_n')!,
    amount: cents(block!, 'r_amount'),
    r_date: value(block!, 'r_date'),
    r_paym: value(block!, 'r_paym'),
  }));
  return {
    text,
    orders: new Map(ordersIn.map((order) => [order.ord_n, order])),
    refunds: refundsIn,
    r_ord: Number(value(text, 'r_ord')),
    r_total: cents(text, 'r_total'),
  };
}

async function placed(paymentMethod: 'card' | 'cod', priceCents: number) {
  const user = await createUser(t.db);
  await addCartLine(t.db, user, await createProduct(t.db, { priceCents, bgName: 'Рокля „Нощ“ & <лен>' }));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY, paymentMethod },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { orderId, sessionId } = response.json<{ orderId: number; sessionId: string }>();
  if (paymentMethod === 'card') {
    await payOnTestPage(t.app, sessionId);
  }
  return { user, orderId };
}

/** An order through checkout (and the payment page), shipped and delivered by the t.admin, its delivery moved to `at`. */
async function delivered(paymentMethod: 'card' | 'cod', priceCents: number, at?: Date) {
  const order = await placed(paymentMethod, priceCents);
  expect((await adminStep(order.orderId, 'ship', { carrier: 'Speedy', trackingNumber: 'SP1' })).statusCode).toBe(200);
  expect((await adminStep(order.orderId, 'deliver')).statusCode).toBe(200);
  if (at) await t.db.update(orders).set({ deliveredAt: at }).where(eq(orders.id, order.orderId));
  return order;
}

/** A delivered card order with a discount code's share on its lines, odd cents everywhere (a row, no checkout). */
async function discountedRow(at: Date) {
  const [order] = await t.db
    .insert(orders)
    .values({
      status: 'paid',
      paymentMethod: 'card',
      fulfilment: 'delivered',
      currency: 'EUR',
      subtotalCents: 3 * 1999 + 1333,
      discountCents: 601 + 133,
      discountCode: 'SPRING15',
      deliveryCents: 499,
      totalCents: 3 * 1999 + 1333 - 601 - 133 + 499,
      paymentProvider: 'local',
      paymentReference: 'pi_local_discounted',
      paidAt: at,
      deliveredAt: at,
    })
    .returning();
  await t.db.insert(orderItems).values([
    {
      orderId: order!.id,
      productId: 1,
      name: 'Linen dress',
      nameBg: 'Ленена рокля',
      colorName: 'Sand',
      colorNameBg: 'Пясък',
      size: 'M',
      unitPriceCents: 1999,
      quantity: 3,
      discountCents: 601,
    },
    {
      orderId: order!.id,
      productId: 2,
      name: 'Belt',
      colorName: 'Black',
      size: 'S',
      unitPriceCents: 1333,
      quantity: 1,
      discountCents: 133,
    },
  ]);
  await issueSaleDocument(t.db, order!.id, 'stand-in');
  return order!;
}

describe('GET /api/admin/records/audit-file: refusals, first that applies', () => {
  it('answers 400 for a month or year out of range', async () => {
    for (const [year, month] of [
      ['2026', '13'],
      ['2026', '0'],
      ['2026', '001'],
      ['2019', '5'],
      ['26', '5'],
      ['abcd', '5'],
    ] as const) {
      const response = await getAudit(year, month);
      expect(response.statusCode, `${year}-${month}`).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
    }
  });

  it('names the missing records settings and the company ID (409 RECORDS_SETTINGS_MISSING)', async () => {
    const response = await getAudit(2026, 3);
    expect(response.statusCode).toBe(409);
    const body = response.json<{ code: string; fields: Record<string, string> }>();
    expect(body.code).toBe('RECORDS_SETTINGS_MISSING');
    expect(Object.keys(body.fields).sort()).toEqual([
      'records.domain',
      'records.eShopNumber',
      'records.paymentProviderId',
      'seller.companyId',
    ]);
    expect((await putSettings({ records: RECORDS })).statusCode).toBe(200);
    const still = await getAudit(2026, 3);
    expect(Object.keys(still.json<{ fields: Record<string, string> }>().fields)).toEqual(['seller.companyId']);
    expect((await putSettings({ seller: SELLER })).statusCode).toBe(200);
  });

  it('refuses a shop not in euro (409 CURRENCY_NOT_EUR)', async () => {
    await expect(
      auditFile(t.db, { currency: 'BGN', testPayments: 'stand-in' }, { year: 2026, month: 3 }),
    ).rejects.toMatchObject({ code: 'CURRENCY_NOT_EUR' });
    expect(ERROR_STATUS.CURRENCY_NOT_EUR).toBe(409);
  });

  it('answers 404 NOTHING_TO_FILE for a month with nothing delivered', async () => {
    const response = await getAudit(2026, '02');
    expect(response.statusCode).toBe(404);
    expect(response.json<{ code: string }>().code).toBe('NOTHING_TO_FILE');
  });

  it('is for admins only', async () => {
    const shopper = await createUser(t.db);
    expect((await t.app.inject({ url: auditUrl(2026, 3), headers: bearer(shopper) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: auditUrl(2026, 3) })).statusCode).toBe(401);
  });
});

describe('the audit file of a month', () => {
  let card: Awaited<ReturnType<typeof delivered>>;
  let cod: Awaited<ReturnType<typeof delivered>>;
  let withdrawn: Awaited<ReturnType<typeof delivered>>;
  let discounted: Awaited<ReturnType<typeof discountedRow>>;
  let outside: Awaited<ReturnType<typeof delivered>>;

  beforeAll(async () => {
    // The settings the file needs (the refusals above set them too; a tag may run these alone).
    expect((await putSettings({ records: RECORDS, seller: SELLER })).statusCode).toBe(200);
    card = await delivered('card', 4200, MARCH_FIRST);
    cod = await delivered('cod', 3000, MARCH_LAST);
    withdrawn = await delivered('card', 5555);
    discounted = await discountedRow(MARCH_FIRST);
    // Delivered on 1 April at 00:30 in Sofia (still 31 March in UTC): not March's.
    outside = await delivered('card', 1000, new Date('2026-03-31T21:30:00Z'));
    await effectsRun(t.app);
    // A partial refund of the card order, and a withdrawal refunded in full, both paid in March.
    const partial = await adminStep(card.orderId, 'refund', { amount: 10.5 }, { 'idempotency-key': 'audit-partial-1' });
    expect(partial.statusCode, partial.body).toBe(200);
    const withdrawal = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${withdrawn.orderId}/withdrawal`,
      headers: bearer(withdrawn.user),
      payload: {},
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    await t.db.update(orders).set({ deliveredAt: MARCH_LAST }).where(eq(orders.id, withdrawn.orderId));
    const [row] = await t.db.select().from(orders).where(eq(orders.id, withdrawn.orderId));
    const full = await adminStep(
      withdrawn.orderId,
      'refund',
      { amount: row!.totalCents / 100 },
      { 'idempotency-key': 'audit-withdrawal-1' },
    );
    expect(full.statusCode, full.body).toBe(200);
    await t.db
      .update(refunds)
      .set({ createdAt: new Date('2026-03-20T10:00:00Z') })
      .where(inArray(refunds.orderId, [card.orderId, withdrawn.orderId]));
    await effectsRun(t.app);
  });

  it('is windows-1251 XML named for its month that dec_audit.xsd accepts, with card, cash-on-delivery and discounted orders', async () => {
    const response = await getAudit(2026, '03');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=windows-1251');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-2026-03.xml"');
    const bytes = response.rawPayload;
    const result = await validate(bytes);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    // The declaration says windows-1251, and the Cyrillic is one byte a letter (Р is 0xD0 there).
    expect(bytes.subarray(0, 45).toString('latin1')).toBe('<?xml version="1.0" encoding="windows-1251"?>');
    expect(bytes.includes(iconv.encode('Ленена рокля', 'win1251'))).toBe(true);
    expect(bytes.includes(Buffer.from('Ленена рокля', 'utf8'))).toBe(false);
    const file = parse(bytes);
    expect(file.text).toContain('<art_name>Рокля „Нощ“ &amp; &lt;лен&gt;, ');
  });

  it(
    'lists the orders delivered in the month (Sofia time), totals adding up to what each buyer paid',
    { tags: ['engine'] },
    async () => {
      const file = parse((await getAudit(2026, 3)).rawPayload);
      const rows = await t.db
        .select()
        .from(orders)
        .where(inArray(orders.id, [card.orderId, cod.orderId, withdrawn.orderId, discounted.id, outside.orderId]));
      const byId = new Map(rows.map((row) => [row.id, row]));
      const inFile = [card.orderId, cod.orderId, withdrawn.orderId, discounted.id].map((id) => byId.get(id)!);
      expect([...file.orders.keys()].sort()).toEqual(inFile.map((row) => row.reference).sort());
      expect(file.orders.has(byId.get(outside.orderId)!.reference)).toBe(false);
      for (const row of inFile) {
        const order = file.orders.get(row.reference)!;
        expect(order.total2).toBe(row.totalCents);
        expect(order.total1 - order.disc + order.vat).toBe(order.total2);
        expect(order.doc_n).toMatch(/^\d{10}$/);
      }
      const total = (ids: number[]) => ids.reduce((sum, id) => sum + byId.get(id)!.totalCents, 0);
      expect([...file.orders.values()].reduce((sum, order) => sum + order.total2, 0)).toBe(
        total([card.orderId, cod.orderId, withdrawn.orderId, discounted.id]),
      );
      // Reckoned by hand at 20 %: lines 59.97 (VAT 10.00), 13.33 (2.22) and delivery 4.99 (0.83) net 65.24;
      // after the code's 7.34 the VAT is 8.99 + 2.00 + 0.83; the discount net of VAT is what makes it add up.
      expect(file.orders.get(discounted.reference)).toMatchObject({ total1: 6524, vat: 1182, disc: 611, total2: 7095 });
    },
  );

  it('gives each order its payment kind: 4 with the provider and its reference, 3 for postal money order, 6 for the courier receipt', async () => {
    const [cardRow] = await t.db.select().from(orders).where(eq(orders.id, card.orderId));
    const [codRow] = await t.db.select().from(orders).where(eq(orders.id, cod.orderId));
    const before = parse((await getAudit(2026, 3)).rawPayload);
    expect(before.orders.get(cardRow!.reference)).toMatchObject({
      paym: '4',
      proc_id: '175325806',
      trans_n: cardRow!.paymentReference,
    });
    expect(before.orders.get(codRow!.reference)).toMatchObject({ paym: '3', proc_id: undefined, trans_n: undefined });
    expect((await putSettings({ records: { codSettlement: 'courier-receipt' } })).statusCode).toBe(200);
    const response = await getAudit(2026, 3);
    expect((await validate(response.rawPayload)).valid).toBe(true);
    const after = parse(response.rawPayload);
    expect(after.orders.get(codRow!.reference)).toMatchObject({ paym: '6', proc_id: undefined });
    expect(after.orders.get(cardRow!.reference)!.paym).toBe('4');
    expect((await putSettings({ records: { codSettlement: 'postal-money-order' } })).statusCode).toBe(200);
  });

  it('lists the refunds paid in the month: a partial one and a withdrawal refunded in full', async () => {
    const [cardRow] = await t.db.select().from(orders).where(eq(orders.id, card.orderId));
    const [withdrawnRow] = await t.db.select().from(orders).where(eq(orders.id, withdrawn.orderId));
    const file = parse((await getAudit(2026, 3)).rawPayload);
    expect(file.r_ord).toBe(2);
    expect(file.refunds).toEqual(
      expect.arrayContaining([
        { r_ord_n: cardRow!.reference, amount: 1050, r_date: '2026-03-20', r_paym: '2' },
        { r_ord_n: withdrawnRow!.reference, amount: withdrawnRow!.totalCents, r_date: '2026-03-20', r_paym: '2' },
      ]),
    );
    expect(file.r_total).toBe(1050 + withdrawnRow!.totalCents);
    // April's file: the order delivered after midnight on 1 April, and no refunds.
    const april = await getAudit(2026, 4);
    expect((await validate(april.rawPayload)).valid).toBe(true);
    const aprilFile = parse(april.rawPayload);
    expect(aprilFile.orders.size).toBe(1);
    expect(aprilFile.r_ord).toBe(0);
    expect(aprilFile.r_total).toBe(0);
  });

  it('starts each month at midnight in Sofia, summer time too', () => {
    expect(monthStartInSofia(2026, 3).toISOString()).toBe('2026-02-28T22:00:00.000Z');
    expect(monthStartInSofia(2026, 4).toISOString()).toBe('2026-03-31T21:00:00.000Z');
    expect(monthStartInSofia(2027, 1).toISOString()).toBe('2026-12-31T22:00:00.000Z');
  });
});

describe('what the file leaves out, and the Records screen says', () => {
  const MAY = new Date('2026-05-12T10:00:00Z');
  const JUNE = new Date('2026-06-12T10:00:00Z');
  const getMonth = (year: number, month: number) =>
    t.app.inject({ url: `/api/admin/records/month?year=${year}&month=${month}`, headers: bearer(t.admin) });

  /** A card order taken while the shop sold in leva, delivered and partly refunded at `at` (a row, no checkout). */
  async function levaOrder(at: Date) {
    const [order] = await t.db
      .insert(orders)
      .values({
        status: 'paid',
        paymentMethod: 'card',
        fulfilment: 'delivered',
        currency: 'BGN',
        subtotalCents: 9000,
        totalCents: 9000,
        paymentProvider: 'stripe',
        paymentReference: 'pi_leva',
        paidAt: at,
        deliveredAt: at,
      })
      .returning();
    await t.db.insert(refunds).values({ orderId: order!.id, amountCents: 2000, idempotencyKey: 'leva', createdAt: at });
    return order!;
  }

  it('leaves out orders taken in another currency than euro, and their refunds, and counts them', async () => {
    expect((await putSettings({ records: RECORDS, seller: SELLER })).statusCode).toBe(200);
    const euro = await delivered('card', 2500, MAY);
    const leva = await levaOrder(MAY);
    await effectsRun(t.app);
    const month = await getMonth(2026, 5);
    expect(month.statusCode, month.body).toBe(200);
    expect(month.json()).toEqual({
      testPayments: 'stand-in',
      delivered: 2,
      filed: 1,
      leftOut: { otherCurrency: 1, currencies: ['BGN'], testPayments: 0 },
    });
    const response = await getAudit(2026, 5);
    expect(response.statusCode, response.body).toBe(200);
    expect((await validate(response.rawPayload)).valid).toBe(true);
    const file = parse(response.rawPayload);
    const [euroRow] = await t.db.select().from(orders).where(eq(orders.id, euro.orderId));
    expect([...file.orders.keys()]).toEqual([euroRow!.reference]);
    expect(file.r_ord).toBe(0);
    expect(file.r_total).toBe(0);
    expect(file.text).not.toContain(leva.reference);
    // A month of leva only: nothing to file, and the answer says why.
    await levaOrder(JUNE);
    const june = await getAudit(2026, 6);
    expect(june.statusCode).toBe(404);
    expect(june.json()).toMatchObject({ code: 'NOTHING_TO_FILE', error: expect.stringContaining('another currency') });
  });

  it('leaves out test payments where they are not sales (a production shop), and counts them', async () => {
    const shop = { currency: 'EUR', testPayments: 'not-sales' } as const;
    // May's euro order was paid on the test page: in production it is no sale.
    expect(await recordsMonth(t.db, shop, { year: 2026, month: 5 })).toEqual({
      testPayments: 'not-sales',
      delivered: 2,
      filed: 0,
      leftOut: { otherCurrency: 1, currencies: ['BGN'], testPayments: 1 },
    });
    await expect(auditFile(t.db, shop, { year: 2026, month: 5 })).rejects.toMatchObject({ code: 'NOTHING_TO_FILE' });
    await expect(
      auditFile(t.db, { currency: 'EUR', testPayments: 'refused' }, { year: 2026, month: 5 }),
    ).rejects.toMatchObject({ code: 'TEST_PAYMENTS' });
  });
});
