// @module-tag engine: complaint numbers are taken under the counter row's lock by parallel filings
import { addMonths } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceDocuments, orderEvents, orderItems, orders, productStock, saleDocuments } from '../../db/schema.js';
import { bearer, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { multipart, testImage, type FormFiles } from '../../test/uploads.js';
import { addCartLine, payOnTestPage, TEST_DELIVERY } from '../payments/test-support.js';
import { placedOrder } from '../withdrawals/test-support.js';

/** Complaints (YEAR.md section 6, decision 0059): filing, the register, decisions, the repair's extension. */
const t = useTestApp({ smtp: true, admin: true, seller: true });

const DAY_MS = 86_400_000;

const delivered = (orderId: number, at = new Date()) =>
  t.db.update(orders).set({ fulfilment: 'delivered', deliveredAt: at }).where(eq(orders.id, orderId));

async function file(
  user: CreatedUser,
  orderId: number,
  fields: Record<string, string | number>,
  files: FormFiles = {},
) {
  const body = await multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/complaints`,
    headers: { ...bearer(user), ...body.headers },
    payload: body.payload,
  });
}

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(t.admin), ...(payload ? { payload } : {}) });

/** A delivered cash-on-delivery order of two lines, by "Ana Petrova". */
async function deliveredOrder(options: { locale?: 'en' | 'bg' } = {}) {
  const placed = await placedOrder(t, options);
  await delivered(placed.orderId);
  return placed;
}

/** A card order of one line of 42.00 paid on the test page (with an invoice asked at checkout), delivered. */
async function cardOrder() {
  const user = await t.createUser();
  await addCartLine(t.db, user, await t.createProduct({ priceCents: 4200 }));
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: {
      delivery: TEST_DELIVERY,
      paymentMethod: 'card',
      invoice: {
        companyName: 'Клиент ЕООД',
        companyId: '020469788',
        address: 'бул. Витоша 10',
        city: 'София',
        country: 'BG',
      },
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { orderId, sessionId } = placed.json<{ orderId: number; sessionId: string }>();
  await payOnTestPage(t.app, sessionId);
  await delivered(orderId);
  const order = (await t.app.inject({ url: `/api/orders/${orderId}`, headers: bearer(user) })).json();
  return { user, orderId, lineId: order.items[0].id as number };
}

describe('filing a complaint', () => {
  it('numbers it, keeps its photos, answers its due date, mails the acknowledgement, and every line its guarantee end', async () => {
    const { user, orderId, reference, lines } = await deliveredOrder();
    const answer = await file(
      user,
      orderId,
      { orderItemId: lines[0]!.id, description: 'The seam split after a week.', remedy: 'repair' },
      { photo1: await testImage('#aa3344'), photo2: await testImage('#3344aa', { format: 'jpeg' }) },
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const { complaint } = answer.json();
    expect(complaint).toMatchObject({
      orderId,
      orderReference: reference,
      orderItemId: lines[0]!.id,
      remedy: 'repair',
      status: 'open',
      outcome: null,
      item: { name: 'Oxblood Hoodie' },
    });
    expect(complaint.number).toMatch(/^\d{10}$/);
    expect(complaint.photos).toHaveLength(2);
    expect(complaint.photos[0]).toMatch(/^\/files\/[0-9a-f]{64}$/);
    const photo = await t.app.inject({ url: complaint.photos[0] });
    expect(photo.statusCode).toBe(200);
    // 30 days to decide (complaints.dueDays).
    expect(Date.parse(complaint.dueAt) - Date.parse(complaint.createdAt)).toBe(30 * DAY_MS);

    const mail = await t.smtp.waitFor(user.email, (m) => m.subject.includes('complaint'));
    expect(mail.subject).toBe(`We received your complaint No. ${complaint.number} (order ${reference})`);
    expect(mail.text).toContain('The seam split after a week.');
    expect(mail.text).toContain('You asked for repair.');
    // The acknowledgement as a document: a PDF attached, named by the number.
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
    expect(mail.raw).toContain(`complaint-${complaint.number}.pdf`);

    const order = (await t.app.inject({ url: `/api/orders/${orderId}`, headers: bearer(user) })).json();
    const deliveredAt = order.deliveredAt as string;
    for (const item of order.items) expect(item.guaranteeEndsAt).toBe(addMonths(deliveredAt, 24).toISOString());
  });

  it('is mailed in the order’s language', async () => {
    const { user, orderId, reference, lines } = await deliveredOrder({ locale: 'bg' });
    const answer = await file(user, orderId, { orderItemId: lines[1]!.id, description: 'Цип', remedy: 'refund' });
    expect(answer.statusCode, answer.body).toBe(201);
    const mail = await t.smtp.waitFor(user.email, (m) => m.subject.startsWith('Получихме рекламацията'));
    expect(mail.subject).toBe(`Получихме рекламацията ви № ${answer.json().complaint.number} (поръчка ${reference})`);
    expect(mail.text).toContain('Поискахте: връщане на парите.');
  });

  it('refuses an order not delivered, another shopper’s, a line of another order, a fourth photo, a file that is no image', async () => {
    const { user, orderId, lines } = await placedOrder(t);
    const fields = { orderItemId: lines[0]!.id, description: 'Torn', remedy: 'replacement' };
    const early = await file(user, orderId, fields);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('INVALID_TRANSITION');
    await delivered(orderId);
    const other = await deliveredOrder();
    expect((await file(other.user, orderId, fields)).statusCode).toBe(404);
    const foreign = await file(user, orderId, { ...fields, orderItemId: other.lines[0]!.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ orderItemId: 'This is not an item of this order.' });
    const missing = await file(user, orderId, { orderItemId: lines[0]!.id, remedy: 'swap' });
    expect(Object.keys(missing.json().fields).sort()).toEqual(['description', 'remedy']);
    const image = await testImage('#123456');
    const four = await file(user, orderId, fields, { photo1: image, photo2: image, photo3: image, photo4: image });
    expect(four.statusCode).toBe(400);
    expect(four.json().fields).toEqual({ photo4: 'At most 3 photos, sent as photo1 … photo3.' });
    const text = await file(user, orderId, fields, {
      photo1: { bytes: Buffer.from('not an image'), filename: 'x.png', type: 'image/png' },
    });
    expect(text.statusCode).toBe(415);
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/complaints` })).statusCode).toBe(401);
  });

  it('is refused after two years from delivery (409 GUARANTEE_OVER), taken the day before', async () => {
    const { user, orderId, lines } = await placedOrder(t);
    const fields = { orderItemId: lines[0]!.id, description: 'Faded', remedy: 'price-reduction' };
    await delivered(orderId, new Date(addMonths(new Date(), -24).getTime() - DAY_MS));
    const late = await file(user, orderId, fields);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'GUARANTEE_OVER' });
    await delivered(orderId, new Date(addMonths(new Date(), -24).getTime() + DAY_MS));
    expect((await file(user, orderId, fields)).statusCode).toBe(201);
  });

  it('takes gapless numbers under 50 parallel filings', { tags: ['engine'] }, async () => {
    const { user, orderId, lines } = await deliveredOrder();
    const fields = { orderItemId: lines[0]!.id, description: 'Loose button', remedy: 'repair' };
    const answers = await Promise.all(Array.from({ length: 50 }, () => file(user, orderId, fields)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(201));
    const numbers = answers.map((answer) => Number(answer.json().complaint.number)).sort((a, b) => a - b);
    expect(numbers.at(-1)! - numbers[0]!).toBe(49);
    expect(new Set(numbers).size).toBe(50);
  });
});

describe('deciding complaints', () => {
  it('refunds a card order’s line through the order core, with a credit note of the invoice and the decision mailed', async () => {
    const { user, orderId, lineId } = await cardOrder();
    await t.effectsRun();
    await t.effectsRun();
    const filed = await file(user, orderId, { orderItemId: lineId, description: 'Broken zip', remedy: 'refund' });
    const { id, number } = filed.json().complaint;
    const decided = await admin('POST', `/api/admin/complaints/${id}/decide`, { outcome: 'refund', note: 'Sorry.' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'decided', outcome: 'refund', amount: 42, note: 'Sorry.' });
    // The line's 42.00; the delivery stays paid.
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ refundedCents: 4200, status: 'paid' });
    expect(order!.totalCents).toBeGreaterThan(4200);
    const [event] = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'refunded')));
    expect(event!.detail).toMatchObject({ amountCents: 4200, complaintId: id });
    await t.effectsRun();
    await t.effectsRun();
    const credit = await t.db
      .select()
      .from(invoiceDocuments)
      .where(and(eq(invoiceDocuments.orderId, orderId), eq(invoiceDocuments.kind, 'credit-note')));
    expect(credit.map((row) => row.totalCents)).toEqual([4200]);
    const mail = await t.smtp.waitFor(user.email, (m) => m.subject === `Our decision on your complaint No. ${number}`);
    expect(mail.text).toContain('We refund you $42.00.');
    expect(mail.text).toContain('Our note: Sorry.');

    const again = await admin('POST', `/api/admin/complaints/${id}/decide`, { outcome: 'rejected', note: 'No' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('COMPLAINT_DECIDED');
  });

  it('a price reduction needs its amount and gives back no more than is left; a rejection needs a reason', async () => {
    const { user, orderId, lineId } = await cardOrder();
    const { id } = (
      await file(user, orderId, { orderItemId: lineId, description: 'Stain', remedy: 'price-reduction' })
    ).json().complaint;
    const decide = (body: object) => admin('POST', `/api/admin/complaints/${id}/decide`, body);
    expect((await decide({ outcome: 'price-reduction' })).json().fields).toEqual({
      amount: 'Give the amount of the price reduction.',
    });
    expect((await decide({ outcome: 'rejected' })).json().fields).toEqual({
      note: 'Say why the complaint is rejected.',
    });
    const [paidOrder] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const { totalCents } = paidOrder!;
    const tooMuch = await decide({ outcome: 'price-reduction', amount: totalCents / 100 + 0.01 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ code: 'INVALID_TRANSITION', remaining: totalCents / 100 });
    const reduced = await decide({ outcome: 'price-reduction', amount: '10.50' });
    expect(reduced.json()).toMatchObject({ outcome: 'price-reduction', amount: 10.5 });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ refundedCents: 1050, status: 'paid' });
  });

  it('a replacement is an order of total 0: paid, to the original delivery, one unit from stock, no sale document', async () => {
    const { user, orderId, lines } = await deliveredOrder();
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.id, lines[0]!.id));
    const onHand = async () => {
      const where = and(eq(productStock.colorId, line!.colorId!), eq(productStock.size, line!.size));
      return (await t.db.select().from(productStock).where(where))[0]!.onHand;
    };
    const before = await onHand();
    const fields = { orderItemId: line!.id, description: 'Torn seam', remedy: 'replacement' };
    const { id } = (await file(user, orderId, fields)).json().complaint;
    const decided = await admin('POST', `/api/admin/complaints/${id}/decide`, { outcome: 'replacement' });
    expect(decided.statusCode, decided.body).toBe(200);
    const replacementId = decided.json().replacementOrderId as number;
    expect(replacementId).toEqual(expect.any(Number));
    const [original] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const [replacement] = await t.db.select().from(orders).where(eq(orders.id, replacementId));
    expect(replacement).toMatchObject({
      totalCents: 0,
      status: 'paid',
      exchangeOf: orderId,
      userId: user.id,
      delivery: original!.delivery,
      locale: original!.locale,
      paymentProvider: 'replacement',
    });
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, replacementId));
    expect(items).toMatchObject([
      { productId: line!.productId, colorId: line!.colorId, size: line!.size, quantity: 1, unitPriceCents: 0 },
    ]);
    expect(await onHand()).toBe(before - 1);
    await t.effectsRun();
    await t.effectsRun();
    expect(await t.db.select().from(saleDocuments).where(eq(saleDocuments.orderId, replacementId))).toEqual([]);
    expect((await t.app.inject({ url: `/api/orders/${replacementId}`, headers: bearer(user) })).statusCode).toBe(200);
  });

  it('a completed repair extends the line’s guarantee by 12 months, once', async () => {
    const { user, orderId, lines } = await deliveredOrder();
    const fields = { orderItemId: lines[0]!.id, description: 'Sole', remedy: 'repair' };
    const first = (await file(user, orderId, fields)).json().complaint;
    const second = (await file(user, orderId, fields)).json().complaint;
    expect((await admin('POST', `/api/admin/complaints/${first.id}/repaired`)).json().code).toBe('INVALID_TRANSITION');
    for (const { id } of [first, second])
      expect((await admin('POST', `/api/admin/complaints/${id}/decide`, { outcome: 'repair' })).statusCode).toBe(200);
    const repaired = await admin('POST', `/api/admin/complaints/${first.id}/repaired`);
    expect(repaired.statusCode, repaired.body).toBe(200);
    const order = (await t.app.inject({ url: `/api/orders/${orderId}`, headers: bearer(user) })).json();
    const extended = addMonths(order.deliveredAt, 36).toISOString();
    expect(order.items.map((item: { guaranteeEndsAt: string }) => item.guaranteeEndsAt)).toEqual([
      extended,
      addMonths(order.deliveredAt, 24).toISOString(),
    ]);
    expect(repaired.json()).toMatchObject({ guaranteeEndsAt: extended });
    expect(repaired.json().repairedAt).not.toBeNull();
    const twice = await admin('POST', `/api/admin/complaints/${first.id}/repaired`);
    expect(twice.json().code).toBe('ALREADY_REPAIRED');
    // Another repair of the same line: done, and the guarantee is not extended twice.
    expect((await admin('POST', `/api/admin/complaints/${second.id}/repaired`)).json().guaranteeEndsAt).toBe(extended);
  });
});

describe('the register', () => {
  it('lists open complaints by due date a page at a time, and exports the register’s columns in Bulgarian Excel’s dialect', async () => {
    const { user, orderId, lines } = await deliveredOrder();
    const filed = (
      await file(user, orderId, { orderItemId: lines[0]!.id, description: '=SUM(A1); "шев"', remedy: 'refund' })
    ).json().complaint;
    const page = await admin('GET', '/api/admin/complaints?status=open&limit=2');
    expect(page.statusCode, page.body).toBe(200);
    const { data, total, limit } = page.json();
    expect(limit).toBe(2);
    expect(data).toHaveLength(2);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(data.every((c: { status: string }) => c.status === 'open')).toBe(true);
    expect(Date.parse(data[0].dueAt)).toBeLessThanOrEqual(Date.parse(data[1].dueAt));
    const all = (await admin('GET', `/api/admin/complaints?status=open&limit=100`)).json().data;
    expect(all.find((c: { id: number }) => c.id === filed.id)).toMatchObject({
      customer: { name: 'Ana Petrova', email: user.email, phone: TEST_DELIVERY.phone },
    });

    const csv = await admin('GET', '/api/admin/complaints/export.csv?lang=bg');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(
      csv.body.startsWith('\uFEFFnumber;filed_at;customer_name;customer_email;customer_phone;order_reference'),
    ).toBe(true);
    const row = csv.body.split('\r\n').find((line) => line.startsWith(filed.number))!;
    // The description as one cell, its formula made inert.
    expect(row).toContain(`;"'=SUM(A1); ""шев"""`);
    expect(row).toContain(';refund;');
    // The phone as the orders CSV writes it (decision 0061): text in any spreadsheet, not `'+359…`.
    expect(row).toContain(`;tel:${TEST_DELIVERY.phone};`);
  });
});

describe('the days to decide (complaints.dueDays)', () => {
  it('are the admin’s setting, at most the law’s 30, and set each new complaint’s due date', async () => {
    const put = (dueDays: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: bearer(t.admin),
        payload: { complaints: { dueDays } },
      });
    expect((await put(31)).json().fields).toEqual({
      'complaints.dueDays': 'Days to decide a complaint are a whole number from 1 to 30.',
    });
    const saved = await put(10);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().complaints).toEqual({ dueDays: 10 });
    expect((await t.app.inject({ url: '/api/settings' })).json().complaints).toBeUndefined();
    const { user, orderId, lines } = await deliveredOrder();
    const { complaint } = (
      await file(user, orderId, { orderItemId: lines[0]!.id, description: 'Torn', remedy: 'repair' })
    ).json();
    const days = (Date.parse(complaint.dueAt) - Date.parse(complaint.createdAt)) / DAY_MS;
    expect(days).toBe(10);
    await put(30);
  });
});
