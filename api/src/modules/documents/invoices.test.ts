import { vatWithin } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../lib/format.js';
import { documentCounters, invoiceDocuments, invoiceProfiles, invoiceRequests, orders } from '../../db/schema.js';
import { effectsRun, heard } from '../../test/app.js';
import { bearer, createProduct, createUser, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, payOnTestPage, TEST_DELIVERY } from '../payments/test-support.js';
import { lockOrder } from '../orders/store.js';
import { issueCreditNote, issueInvoice, keepInvoiceRequest } from './invoice.js';
import { SERIES } from './numbering.js';
import { invoicePdf } from './invoice-pdf.js';

/** Invoices and credit notes (TRADE.md section 3, decision 0043). */
const t = useTestApp({ smtp: true, admin: true, seller: true });

const COMPANY = {
  companyName: 'Клиент ЕООД',
  companyId: '020469788',
  vatId: 'BG020469788',
  address: 'бул. Витоша 10',
  city: 'София',
  country: 'BG',
};

/** Effects, and the effects they wrote (an issued document's mail). */
const settle = async () => {
  await effectsRun(t.app);
  await effectsRun(t.app);
};

async function checkout(user: CreatedUser, payload: Record<string, unknown>) {
  await addCartLine(t.db, user, await createProduct(t.db, { priceCents: 4200 }));
  return t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY, ...payload },
  });
}

async function cardOrder(invoice?: object, extra: object = {}) {
  const user = await createUser(t.db);
  const placed = await checkout(user, { paymentMethod: 'card', ...(invoice ? { invoice } : {}), ...extra });
  expect(placed.statusCode, placed.body).toBe(201);
  const { orderId, sessionId } = placed.json<{ orderId: number; sessionId: string }>();
  await payOnTestPage(t.app, sessionId);
  return { user, orderId };
}

async function codOrder() {
  const user = await createUser(t.db);
  const placed = await checkout(user, { paymentMethod: 'cod' });
  expect(placed.statusCode, placed.body).toBe(201);
  return { user, orderId: placed.json<{ orderId: number }>().orderId };
}

const askInvoice = (orderId: number, user: CreatedUser, body: object = COMPANY, path = 'orders') =>
  t.app.inject({ method: 'POST', url: `/api/${path}/${orderId}/invoice`, headers: bearer(user), payload: body });

const documentsOf = async (orderId: number, user: CreatedUser) =>
  (await t.app.inject({ url: `/api/orders/${orderId}/documents`, headers: bearer(user) })).json<
    { kind: string; number: string; total: number; url: string }[]
  >();

const invoicesOf = (orderId: number) =>
  t.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.orderId, orderId)).orderBy(invoiceDocuments.id);

describe('the invoice fields', () => {
  it('refuses a bad ЕИК and VAT ID at checkout with fields keyed invoice.*, and nothing is ordered', async () => {
    const user = await createUser(t.db);
    const refused = await checkout(user, {
      paymentMethod: 'cod',
      invoice: { ...COMPANY, companyId: '020469787', vatId: 'DE020469788', city: '' },
    });
    expect(refused.statusCode).toBe(400);
    const { fields } = refused.json<{ fields: Record<string, string> }>();
    expect(fields['invoice.companyId']).toMatch(/ЕИК is not valid/);
    expect(fields['invoice.vatId']).toMatch(/code of the company’s country/);
    expect(fields['invoice.city']).toBe('Enter the city.');
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
  });

  it('are kept in the profile on their own, and forgotten with null', async () => {
    const user = await createUser(t.db);
    const put = (invoiceDetails: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/profile/save', headers: bearer(user), payload: { invoiceDetails } });
    expect((await put({ ...COMPANY, companyId: '123' })).json<{ fields: object }>().fields).toHaveProperty(
      'invoiceDetails.companyId',
    );
    expect((await put({ ...COMPANY, vatId: 'bg 020 469 788' })).statusCode).toBe(200);
    await heard(t.app);
    const profile = await t.app.inject({ url: '/api/profile', headers: bearer(user) });
    expect(profile.json<{ invoiceDetails: unknown }>().invoiceDetails).toEqual(COMPANY);
    expect((await put(null)).statusCode).toBe(200);
    await heard(t.app);
    const after = await t.app.inject({ url: '/api/profile', headers: bearer(user) });
    expect(after.json<{ invoiceDetails: unknown }>().invoiceDetails).toBeNull();
    const empty = await t.app.inject({ method: 'PUT', url: '/api/profile/save', headers: bearer(user), payload: {} });
    expect(empty.statusCode).toBe(400);
  });
});

describe('issuing invoices', () => {
  it('issues the invoice asked for at checkout when the card payment is confirmed, mails it, lists it', async () => {
    const { user, orderId } = await cardOrder(COMPANY, { saveInvoiceDetails: true });
    const order = await t.app.inject({ url: `/api/orders/${orderId}`, headers: bearer(user) });
    expect(order.json<{ invoiceRequested: boolean }>().invoiceRequested).toBe(true);
    await settle();
    const [invoice] = await invoicesOf(orderId);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(invoice).toMatchObject({ kind: 'invoice', totalCents: row!.totalCents, recipient: COMPANY });
    expect(invoice!.taxEventAt).toEqual(row!.paidAt);
    // Lines add up to the cent: values to the total, tax bases and VAT per rate.
    const { lines, rates } = invoice!.data;
    expect(lines.reduce((sum, l) => sum + l.valueCents, 0)).toBe(row!.totalCents);
    expect(rates).toEqual([{ rate: 20, netCents: row!.totalCents - invoice!.vatCents, vatCents: invoice!.vatCents }]);
    expect(
      lines.every((l) => l.netCents + l.vatCents === l.valueCents && l.vatCents === vatWithin(l.valueCents, 20)),
    ).toBe(true);
    const mail = await t.smtp.waitFor(user.email, (m) => m.raw.includes(`invoice-${invoice!.number}.pdf`));
    expect(mail.subject).toContain(invoice!.number);
    const documents = await documentsOf(orderId, user);
    expect(documents.map((d) => d.kind).sort()).toEqual(['invoice', 'sale']);
    const listed = documents.find((d) => d.kind === 'invoice')!;
    expect(listed.url).toMatch(/\/api\/documents\/invoice\/\d+\/pdf\?expires=\d+&sig=/);
    const pdf = await t.app.inject({ url: listed.url.replace(t.config.publicUrl, '') });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.toString('latin1')).toContain(`Invoice ${invoice!.number}`);
    // A credit-note link does not open an invoice.
    const wrongKind = await t.app.inject({
      url: listed.url.replace(t.config.publicUrl, '').replace('/invoice/', '/credit-note/'),
    });
    expect(wrongKind.statusCode).toBe(403);
    // Kept in the profile, as asked.
    const profile = await t.app.inject({ url: '/api/profile', headers: bearer(user) });
    expect(profile.json<{ invoiceDetails: unknown }>().invoiceDetails).toEqual(COMPANY);
  });

  it('a paid order asked later: 201 with the invoice at once; a second request 409; another shopper 404', async () => {
    const { user, orderId } = await cardOrder();
    await settle();
    const other = await createUser(t.db);
    expect((await askInvoice(orderId, other)).statusCode).toBe(404);
    const bad = await askInvoice(orderId, user, { ...COMPANY, companyId: '12345678' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string> }>().fields.companyId).toMatch(/ЕИК/);
    const issued = await askInvoice(orderId, user);
    expect(issued.statusCode, issued.body).toBe(201);
    const body = issued.json<{ kind: string; number: string; recipient: unknown; url: string; total: number }>();
    expect(body).toMatchObject({ kind: 'invoice', recipient: COMPANY });
    expect(body.number).toMatch(/^\d{10}$/);
    const again = await askInvoice(orderId, user);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string }>().code).toBe('INVOICE_EXISTS');
    expect((await askInvoice(orderId, t.admin, COMPANY, 'admin/orders')).statusCode).toBe(409);
    await settle();
    await t.smtp.waitFor(user.email, (m) => m.raw.includes(`invoice-${body.number}.pdf`));
  });

  it('cash on delivery: 202 until delivered, 409 while requested, issued at delivery with delivery and the fee as lines', async () => {
    const { user, orderId } = await codOrder();
    const requested = await askInvoice(orderId, t.admin, COMPANY, 'admin/orders');
    expect(requested.statusCode, requested.body).toBe(202);
    expect(requested.json()).toEqual({ invoiceRequested: true });
    const twice = await askInvoice(orderId, user);
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ code: string }>().code).toBe('INVOICE_EXISTS');
    await settle();
    expect(await invoicesOf(orderId)).toHaveLength(0);
    const step = (name: string, payload?: object) =>
      t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/${name}`, headers: bearer(t.admin), payload });
    expect((await step('ship', { carrier: 'Speedy', trackingNumber: 'SP1' })).statusCode).toBe(200);
    expect((await step('deliver')).statusCode).toBe(200);
    await settle();
    const [invoice] = await invoicesOf(orderId);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(invoice!.totalCents).toBe(row!.totalCents);
    expect(invoice!.taxEventAt).toEqual(row!.deliveredAt);
    expect(invoice!.data.lines.map((l) => l.nameBg)).toEqual(
      expect.arrayContaining(['Такса наложен платеж', ...(row!.deliveryCents > 0 ? ['Доставка'] : [])]),
    );
    expect(invoice!.data.lines.every((l) => l.vatRate === 20)).toBe(true);
  });

  it('refuses an invoice for a cancelled order', async () => {
    const { orderId } = await codOrder();
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/cancel`,
      headers: bearer(t.admin),
      payload: { reason: 'Out of stock' },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await askInvoice(orderId, t.admin, COMPANY, 'admin/orders')).statusCode).toBe(409);
  });
});

describe('credit notes', () => {
  it('a partial refund and the cancellation each issue a credit note naming the invoice, in the one series', async () => {
    const { user, orderId } = await cardOrder(COMPANY);
    await settle();
    const [invoice] = await invoicesOf(orderId);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refund`,
      headers: { ...bearer(t.admin), 'idempotency-key': 'partial-refund-1' },
      payload: { amount: 10 },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await settle();
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/cancel`,
      headers: bearer(t.admin),
      payload: { reason: 'Changed their mind' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await settle();
    const [, partial, rest] = await invoicesOf(orderId);
    expect(partial).toMatchObject({ kind: 'credit-note', invoiceId: invoice!.id, totalCents: 1000 });
    expect(partial!.vatCents).toBe(vatWithin(1000, 20));
    expect(partial!.data.invoice?.number).toBe(invoice!.number);
    expect(rest).toMatchObject({ kind: 'credit-note', totalCents: invoice!.totalCents - 1000 });
    expect(Number(partial!.number)).toBe(Number(invoice!.number) + 1);
    expect(Number(rest!.number)).toBe(Number(partial!.number) + 1);
    await t.smtp.waitFor(user.email, (m) => m.raw.includes(`credit-note-${rest!.number}.pdf`));
    const listed = await documentsOf(orderId, user);
    expect(listed.filter((d) => d.kind === 'credit-note').map((d) => d.total)).toEqual([10, rest!.totalCents / 100]);
    // The credit-note effect run again finds the first.
    await t.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      expect((await issueCreditNote(tx, order!, partial!.refundId!, 'stand-in'))!.id).toBe(partial!.id);
    });
  });

  it('a refund of an order without an invoice issues none', async () => {
    const { orderId } = await cardOrder();
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refund`,
      headers: bearer(t.admin),
      payload: { amount: 5 },
    });
    expect(refund.statusCode).toBe(200);
    await settle();
    expect(await invoicesOf(orderId)).toHaveLength(0);
  });
});

describe('refunds by lines (decision 0060)', () => {
  it('prints unit × quantity = the line on the invoice, and a refund of lines lists them on its credit note', async () => {
    const user = await createUser(t.db);
    const tee = await createProduct(t.db, { priceCents: 5500, name: 'Tee', bgName: 'Тениска' });
    await addCartLine(t.db, user, tee, { quantity: 2 });
    await addCartLine(t.db, user, await createProduct(t.db, { priceCents: 4200 }));
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/session',
      headers: bearer(user),
      payload: { delivery: TEST_DELIVERY, paymentMethod: 'card', invoice: COMPANY },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId, sessionId } = placed.json<{ orderId: number; sessionId: string }>();
    await payOnTestPage(t.app, sessionId);
    await settle();
    const [invoice] = await invoicesOf(orderId);
    // 2 × 55,00 with VAT is 91,67 without: printed as 1 × 45,84 and 1 × 45,83, never 2 × 45,84.
    for (const line of invoice!.data.lines) expect(line.quantity * line.unitNetCents).toBe(line.netCents);
    const tees = invoice!.data.lines.filter((line) => line.name.startsWith('Tee'));
    expect(tees.map((line) => [line.quantity, line.unitNetCents])).toEqual([
      [1, 4584],
      [1, 4583],
    ]);
    expect(tees.reduce((sum, line) => sum + line.netCents, 0)).toBe(11000 - vatWithin(11000, 20));
    expect(tees.reduce((sum, line) => sum + line.vatCents, 0)).toBe(vatWithin(11000, 20));

    const order = await t.app.inject({ url: `/api/admin/orders/${orderId}`, headers: bearer(t.admin) });
    const items = order.json<{ items: { id: number; name: string; refundedQuantity: number }[] }>().items;
    const teeLine = items.find((item) => item.name === 'Tee')!;
    const refund = (key: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/refund`,
        headers: { ...bearer(t.admin), 'idempotency-key': key },
        payload,
      });
    const one = await refund('by-lines-1', { amount: 55, lines: [{ orderItemId: teeLine.id, quantity: 1 }] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<{ items: { id: number; refundedQuantity: number }[] }>().items).toContainEqual(
      expect.objectContaining({ id: teeLine.id, refundedQuantity: 1 }),
    );
    // No more units than are left, and only this order's lines.
    const tooMany = await refund('by-lines-2', { amount: 55, lines: [{ orderItemId: teeLine.id, quantity: 2 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ fields: Record<string, string> }>().fields.lines).toMatch(/At most 1 of "Tee"/);
    const foreign = await refund('by-lines-3', { amount: 5, lines: [{ orderItemId: 1_000_000, quantity: 1 }] });
    expect(foreign.statusCode).toBe(400);
    // The last tee with 5,00 more (the delivery, say): the credit note lists the tee and the rest.
    const last = await refund('by-lines-4', { amount: 60, lines: [{ orderItemId: teeLine.id, quantity: 1 }] });
    expect(last.statusCode, last.body).toBe(200);
    await settle();
    const [, first, second] = await invoicesOf(orderId);
    expect(first!.data.lines).toEqual([
      expect.objectContaining({
        nameBg: expect.stringMatching(/^Тениска, /),
        quantity: 1,
        unitNetCents: 4583,
        valueCents: 5500,
      }),
    ]);
    expect(second!.data.lines.map((line) => [line.nameBg.split(',')[0], line.quantity, line.valueCents])).toEqual([
      ['Тениска', 1, 5500],
      ['Друга възстановена сума', 1, 500],
    ]);
    expect(second).toMatchObject({ totalCents: 6000, vatCents: vatWithin(5500, 20) + vatWithin(500, 20) });
  });
});

describe('keeping the documents', () => {
  it('deleting the account leaves its invoices and credit notes, and forgets the kept details', async () => {
    const { user, orderId } = await cardOrder(COMPANY, { saveInvoiceDetails: true });
    await settle();
    const before = await invoicesOf(orderId);
    expect(before).toHaveLength(1);
    expect(await t.db.select().from(invoiceProfiles).where(eq(invoiceProfiles.userId, user.id))).toHaveLength(1);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      headers: bearer(user),
      payload: { password: user.password },
    });
    expect(removed.statusCode).toBe(204);
    expect(await invoicesOf(orderId)).toEqual(before);
    expect(await t.db.select().from(invoiceProfiles).where(eq(invoiceProfiles.userId, user.id))).toHaveLength(0);
    // The admin still lists it and opens its PDF.
    const listed = await t.app.inject({ url: `/api/orders/${orderId}/documents`, headers: bearer(t.admin) });
    expect(listed.json<{ kind: string }[]>().map((d) => d.kind)).toContain('invoice');
  });
});

describe('numbering', { tags: ['engine'] }, () => {
  /** A paid order row that asked for an invoice, without a checkout (for numbering many at once). */
  async function requestedRow() {
    const [row] = await t.db
      .insert(orders)
      .values({
        status: 'paid',
        paymentMethod: 'card',
        currency: 'EUR',
        subtotalCents: 1200,
        totalCents: 1200,
        paymentProvider: 'local',
        paidAt: new Date(),
      })
      .returning();
    await t.db.transaction((tx) => keepInvoiceRequest(tx, row!.id, COMPANY));
    return row!;
  }

  it('numbers 60 invoices at once gaplessly, and a rolled-back invoice leaves no gap', async () => {
    // The series has begun (whichever test of the file comes first, or none: tags run alone).
    const opening = await requestedRow();
    await t.db.transaction(async (tx) => issueInvoice(tx, (await lockOrder(tx, opening.id))!, 'stand-in'));
    const first = await requestedRow();
    await expect(
      t.db.transaction(async (tx) => {
        const order = await lockOrder(tx, first.id);
        await issueInvoice(tx, order!, 'stand-in');
        throw new Error('rolled back after its number was taken');
      }),
    ).rejects.toThrow('rolled back');
    const [counter] = await t.db.select().from(documentCounters).where(eq(documentCounters.series, SERIES.invoice));
    const rows = [first, ...(await Promise.all(Array.from({ length: 59 }, () => requestedRow())))];
    const issued = await Promise.all(
      rows.map((row) => t.db.transaction(async (tx) => issueInvoice(tx, (await lockOrder(tx, row.id))!, 'stand-in'))),
    );
    const numbers = issued.map((document) => Number(document!.number)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 60 }, (_, i) => counter!.next + i));
    expect(
      await t.db
        .select()
        .from(invoiceRequests)
        .where(and(eq(invoiceRequests.orderId, first.id))),
    ).toHaveLength(1);
  });
});

/** An amount as the documents print it (Bulgarian: "89,00 €"), its spaces as the PDF's text has them. */
const bulgarianMoney = (cents: number, currency: string) => formatMoney(cents, currency, 'bg').replace(/\s/g, ' ');

describe('the PDF', () => {
  /** The PDF's text as a reader extracts it (unpdf: PDF.js), one string. */
  const textOf = async (pdf: Buffer) => {
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    return text.replace(/\s+/g, ' ');
  };

  it('holds the number, the dates, the parties with their IDs, the base and VAT per rate, and the total', async () => {
    const [invoice] = await t.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.kind, 'invoice')).limit(1);
    const text = await textOf(await invoicePdf(invoice!));
    const money = (cents: number) => bulgarianMoney(cents, invoice!.data.currency);
    const [rate] = invoice!.data.rates;
    for (const expected of [
      'Фактура',
      'Invoice',
      `№ ${invoice!.number}`,
      'Дата на данъчното събитие / Date of the tax event',
      'Модна Къща ООД',
      'ЕИК / Company ID: 175074752',
      'ДДС № / VAT ID: BG175074752',
      'Клиент ЕООД',
      'ЕИК / Company ID: 020469788',
      'ДДС № / VAT ID: BG020469788',
      `Данъчна основа 20 % / Tax base 20 %: ${money(rate!.netCents)}`,
      `ДДС 20 % / VAT 20 %: ${money(rate!.vatCents)}`,
      `Сума за плащане / Total: ${money(invoice!.totalCents)}`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('a credit note names its invoice and the amount credited', async () => {
    const [note] = await t.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.kind, 'credit-note')).limit(1);
    const text = await textOf(await invoicePdf(note!));
    expect(text).toContain('Кредитно известие');
    expect(text).toContain(`№ ${note!.number}`);
    expect(text).toContain(`Към фактура / To invoice: № ${note!.data.invoice!.number}`);
    expect(text).toContain(
      `Сума за връщане / Amount credited: ${bulgarianMoney(note!.totalCents, note!.data.currency)}`,
    );
  });
});

describe('the admin documents', () => {
  it('lists every kind, filters by kind and days, pages, and gives the sales ledger as CSV', async () => {
    const list = (query: string, user = t.admin) =>
      t.app.inject({ url: `/api/admin/documents?${query}`, headers: bearer(user) });
    const all = await list('limit=5');
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json<{ data: { kind: string; url: string }[]; total: number }>();
    expect(body.data).toHaveLength(5);
    expect(body.total).toBeGreaterThan(60);
    const notes = await list('kind=credit-note');
    const kinds = new Set(notes.json<{ data: { kind: string }[] }>().data.map((d) => d.kind));
    expect([...kinds]).toEqual(['credit-note']);
    const sales = await list('kind=sale&limit=100');
    expect(new Set(sales.json<{ data: { kind: string }[] }>().data.map((d) => d.kind))).toEqual(new Set(['sale']));
    expect((await list('from=2000-01-01&to=2000-01-31')).json<{ total: number }>().total).toBe(0);
    expect((await list('from=1.1.2000')).statusCode).toBe(400);
    expect((await list('', await createUser(t.db))).statusCode).toBe(403);
    const csv = await t.app.inject({
      url: '/api/admin/documents/ledger.csv?kind=credit-note',
      headers: bearer(t.admin),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    // The orders CSV's dialect (issue 45): a BOM, then in English commas and decimal points.
    expect(csv.body.startsWith('\ufeffdate,')).toBe(true);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('date,kind,number,invoice,order,recipient,company_id,vat_id,tax_base,vat,total,counted');
    expect(lines[1]).toMatch(
      /Credit note,\d{10},\d{10},[0-9A-F]+,Клиент ЕООД,020469788,BG020469788,-\d+\.\d{2},-\d+\.\d{2},-\d+\.\d{2},1$/,
    );
    // In Bulgarian, semicolons and decimal commas; a sale document of an invoiced order is not counted again.
    const bg = await t.app.inject({ url: '/api/admin/documents/ledger.csv?lang=bg', headers: bearer(t.admin) });
    const rows = bg.body.trim().split('\r\n');
    expect(rows[0]).toBe('date;kind;number;invoice;order;recipient;company_id;vat_id;tax_base;vat;total;counted');
    const invoicedOrders = new Set(
      rows.filter((row) => row.includes(';Фактура / Invoice;')).map((row) => row.split(';')[4]),
    );
    expect(invoicedOrders.size).toBeGreaterThan(0);
    for (const row of rows.slice(1)) {
      const cells = row.split(';');
      expect(cells[10], row).toMatch(/^-?\d+,\d{2}$/);
      const saleOfInvoiced = cells[1]!.startsWith('Документ за продажба') && invoicedOrders.has(cells[4]);
      expect(cells[11], row).toBe(saleOfInvoiced ? '0' : '1');
    }
  });
});
