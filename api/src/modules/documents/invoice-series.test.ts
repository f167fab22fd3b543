import { describe, expect, it } from 'vitest';
import { effectsRun } from '../../test/app.js';
import { bearer, createProduct, createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, payOnTestPage, TEST_DELIVERY } from '../payments/test-support.js';

/**
 * The invoices' series continues one a company began elsewhere (issue 45 item 15): its first number
 * is a records setting, set before the first invoice, fixed after. Its own file: the series must
 * not have begun.
 */
const t = useTestApp({ admin: true });

const putRecords = (records: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: bearer(t.admin), payload: { records } });

async function invoicedOrder() {
  const user = await createUser(t.db);
  await addCartLine(t.db, user, await createProduct(t.db, { priceCents: 4200 }));
  const invoice = {
    companyName: 'Клиент ЕООД',
    companyId: '020469788',
    address: 'бул. Витоша 10',
    city: 'София',
    country: 'BG',
  };
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY, paymentMethod: 'card', invoice },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { orderId, sessionId } = placed.json<{ orderId: number; sessionId: string }>();
  await payOnTestPage(t.app, sessionId);
  await effectsRun(t.app);
  const documents = await t.app.inject({ url: `/api/orders/${orderId}/documents`, headers: bearer(user) });
  return documents.json<{ kind: string; number: string }[]>().filter((document) => document.kind === 'invoice');
}

describe('the first invoice number', () => {
  it('is 1 until set, refuses what is not a 10-digit number, and starts the series where the owner says', async () => {
    const settings = await t.app.inject({ url: '/api/admin/settings', headers: bearer(t.admin) });
    expect(settings.json<{ records: { firstInvoiceNumber: number } }>().records.firstInvoiceNumber).toBe(1);
    const bad = await putRecords({ firstInvoiceNumber: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string> }>().fields).toEqual({
      'records.firstInvoiceNumber': 'The first invoice number is a whole number from 1 to 9999999999.',
    });
    expect((await putRecords({ firstInvoiceNumber: 1200 })).statusCode).toBe(200);
    expect((await putRecords({ firstInvoiceNumber: 1541 })).statusCode).toBe(200);

    expect(await invoicedOrder()).toEqual([expect.objectContaining({ number: '0000001541' })]);
    expect(await invoicedOrder()).toEqual([expect.objectContaining({ number: '0000001542' })]);
  });

  it('is fixed once an invoice exists: 409 with the field, the same number still saves', async () => {
    const refused = await putRecords({ firstInvoiceNumber: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      fields: {
        'records.firstInvoiceNumber': 'The first invoice number cannot change once an invoice has been issued.',
      },
    });
    expect((await putRecords({ firstInvoiceNumber: 1541, vatRate: 20 })).statusCode).toBe(200);
    const settings = await t.app.inject({ url: '/api/admin/settings', headers: bearer(t.admin) });
    expect(settings.json<{ records: { firstInvoiceNumber: number } }>().records.firstInvoiceNumber).toBe(1541);
  });
});
