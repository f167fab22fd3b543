import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, courierOffices, courierShipments, orders } from '../../db/schema.js';
import { effectsRun, heard } from '../../test/app.js';
import { bearer, createProduct, createUser, type CreatedUser } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';
import { BUILTIN_OFFICES } from './builtin-offices.js';
import { builtinCourier } from './builtin.js';
import { createShipment } from './shipments.js';
import { extractText, getDocumentProxy } from 'unpdf';
import { formatMoney } from '../../lib/format.js';

/** The built-in courier end to end: the picker's search, the checkout's office, the shipment and its label. */
const t = useTestApp({ admin: true, smtp: true });

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const officeNamed = async (code: string) =>
  (await t.db.select().from(courierOffices).where(eq(courierOffices.code, code)))[0]!;

describe('GET /api/couriers/offices', () => {
  it('lists the built-in courier’s demo offices and lockers from the start, in the request’s language', async () => {
    const all = await t.db.select().from(courierOffices);
    expect(all).toHaveLength(BUILTIN_OFFICES.length);
    const sofia = (await get('/api/couriers/offices?city=Sofia')).json();
    expect(sofia.length).toBeGreaterThan(4);
    expect(sofia.every((office: { city: string }) => office.city === 'Sofia')).toBe(true);
    // Offices first, then lockers, each kind by name.
    const kinds = sofia.map((office: { kind: string }) => office.kind);
    expect(kinds).toEqual([...kinds].sort().reverse());
    expect(sofia[0]).toEqual({
      id: expect.any(Number),
      courier: 'builtin',
      kind: 'office',
      name: expect.stringMatching(/office$/),
      city: 'Sofia',
      postcode: '1000',
      address: expect.any(String),
    });
    const bg = (await get('/api/couriers/offices?city=София', { 'accept-language': 'bg' })).json();
    expect(bg).toHaveLength(sofia.length);
    expect(bg[0]).toMatchObject({ city: 'София', name: expect.stringMatching(/^Офис/) });
  });

  it('finds by city in either language and any case, then by words of the name or address, Cyrillic or Latin', async () => {
    const ids = async (query: string) =>
      (await get(`/api/couriers/offices?${query}`))
        .json<{ id: number }[]>()
        .map((office) => office.id)
        .sort();
    const sofia = await ids('city=Sofia');
    expect(await ids(`city=${encodeURIComponent('софия')}`)).toEqual(sofia);
    expect(await ids('city=SOFIA')).toEqual(sofia);
    const locker = await officeNamed('SOF-L2');
    expect(await ids(`city=Sofia&q=${encodeURIComponent('витоша')}`)).toEqual([locker.id]);
    expect(await ids('city=sofia&q=VITOSHA locker')).toEqual([locker.id]);
    expect(await ids('q=Kharkiv')).toEqual([]);
    const varna = (await get('/api/couriers/offices?q=varna&lang=bg')).json();
    expect(varna.length).toBeGreaterThan(0);
    expect(varna[0].city).toBe('Варна');
    expect((await get(`/api/couriers/offices?city=${encodeURIComponent('%')}`)).json()).toEqual([]);
  });

  it('lists the cities with how many offices each has', async () => {
    const cities = (await get('/api/couriers/cities?lang=en')).json();
    expect(cities[0]).toEqual({ name: expect.any(String), postcode: expect.any(String), offices: expect.any(Number) });
    expect(cities.find((city: { name: string }) => city.name === 'Sofia').offices).toBe(9);
    const bg = (await get('/api/couriers/cities?lang=bg')).json();
    expect(bg.map((city: { name: string }) => city.name)).toContain('Стара Загора');
  });

  it('leaves a closed office out of the search', async () => {
    const closed = await officeNamed('SHU-L1');
    await t.db.update(courierOffices).set({ active: false }).where(eq(courierOffices.id, closed.id));
    // The picker's copy is read again after a sync, or within a minute.
    await t.app.couriers.offices.refresh();
    const shumen = (await get('/api/couriers/offices?city=Shumen')).json<{ id: number }[]>();
    expect(shumen.map((office) => office.id)).not.toContain(closed.id);
    await t.db.update(courierOffices).set({ active: true }).where(eq(courierOffices.id, closed.id));
    await t.app.couriers.offices.refresh();
  });
});

async function shopper() {
  const user = await createUser(t.db);
  const product = await createProduct(t.db, { priceCents: 4000 });
  await addCartLine(t.db, user, product, { quantity: 1 });
  return user;
}

const checkout = (user: CreatedUser, delivery: object, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: { delivery: { ...TEST_DELIVERY, line1: undefined, method: 'office', ...delivery }, ...extra },
  });

const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('checkout to an office or locker', () => {
  it('keeps the office’s id, courier, name and address, and prices a locker as a locker', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(t.admin),
      payload: { delivery: { officePrice: 4.5, lockerPrice: 3.2 } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().delivery).toMatchObject({ officePrice: 4.5, lockerPrice: 3.2 });

    const office = await officeNamed('PDV-01');
    const user = await shopper();
    const quote = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/checkout/quote', headers: bearer(user), payload: body });
    const locker = await officeNamed('PDV-L1');
    expect((await quote({ deliveryMethod: 'office', officeId: office.id })).json().deliveryCost).toBe(4.5);
    expect((await quote({ deliveryMethod: 'office', officeId: locker.id })).json().deliveryCost).toBe(3.2);
    expect((await quote({ deliveryMethod: 'locker' })).json().deliveryCost).toBe(3.2);

    const placed = await checkout(user, { officeId: locker.id, city: 'x', postcode: '9999' }, { paymentMethod: 'cod' });
    expect(placed.statusCode, placed.body).toBe(201);
    const row = await orderRow(placed.json().orderId);
    expect(row.deliveryCents).toBe(320);
    expect(row.delivery).toMatchObject({
      method: 'office',
      officeId: locker.id,
      courier: 'builtin',
      office: 'Plovdiv Karshiyaka locker, 17 Vasil Aprilov Blvd',
      city: 'Plovdiv',
      postcode: '4000',
    });
    const answer = (await get(`/api/orders/${row.id}`, bearer(user))).json();
    expect(answer.delivery).toMatchObject({ officeId: locker.id, courier: 'builtin' });
    // The confirmation calls a locker a locker, not a courier office (issue 45 item 15).
    await effectsRun(t.app);
    const mail = await t.smtp.waitFor(user.email, (m) => m.subject.includes(row.reference));
    expect(mail.text).toContain('Delivery to the parcel locker:');
    expect(mail.text).not.toContain('courier office');
  });

  it('refuses an unknown or closed office on its field; a typed office without an id is still taken', async () => {
    const user = await shopper();
    const unknown = await checkout(user, { officeId: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { 'delivery.officeId': expect.any(String) },
    });
    const closed = await officeNamed('BGS-02');
    await t.db.update(courierOffices).set({ active: false }).where(eq(courierOffices.id, closed.id));
    expect((await checkout(user, { officeId: closed.id })).json().fields).toHaveProperty(['delivery.officeId']);
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      headers: bearer(user),
      payload: { deliveryMethod: 'office', officeId: closed.id },
    });
    expect(quote.json().fields).toHaveProperty(['delivery.officeId']);
    await t.db.update(courierOffices).set({ active: true }).where(eq(courierOffices.id, closed.id));
    const typed = await checkout(user, { office: 'Speedy, Sofia Center' }, { paymentMethod: 'cod' });
    expect(typed.statusCode, typed.body).toBe(201);
    expect((await orderRow(typed.json().orderId)).delivery).toMatchObject({ office: 'Speedy, Sofia Center' });
    expect((await orderRow(typed.json().orderId)).delivery?.officeId ?? null).toBeNull();
  });
});

async function codOrderToOffice(code = 'SOF-L1') {
  const user = await shopper();
  const office = await officeNamed(code);
  const placed = await checkout(user, { officeId: office.id }, { paymentMethod: 'cod' });
  expect(placed.statusCode, placed.body).toBe(201);
  return { user, orderId: placed.json().orderId as number };
}

const ship = (orderId: number, body: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/shipment`,
    headers: bearer(t.admin),
    payload: body,
  });

describe('POST /api/admin/orders/{id}/shipment (the built-in courier)', () => {
  it('makes the label and ships the order in one step; the label prints again; tracking is the admin’s', async () => {
    const { user, orderId } = await codOrderToOffice();
    const shipped = await ship(orderId, { parcels: 2, weightKg: 1.5 });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const order = shipped.json();
    expect(order).toMatchObject({
      id: orderId,
      fulfilment: 'shipped',
      tracking: {
        carrier: 'Atelier Noir courier',
        number: `AN${String(orderId).padStart(10, '0')}`,
        labelUrl: `/api/admin/orders/${orderId}/shipment/label`,
      },
    });
    expect(order.events.map((event: { type: string }) => event.type)).toContain('shipped');
    const [shipment] = await t.db.select().from(courierShipments).where(eq(courierShipments.orderId, orderId));
    expect(shipment).toMatchObject({ state: 'created', parcels: 2, weightGrams: 1500, codCents: order.total * 100 });
    expect(shipment!.label).toMatchObject({
      codCents: order.total * 100,
      office: expect.stringContaining('Studentski'),
    });

    const label = await get(order.tracking.labelUrl, bearer(t.admin));
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The cash to collect, as Bulgarian writes money (the courier's people read it).
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(label.rawPayload)), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain(
      `Cash on delivery: ${formatMoney(shipment!.codCents, order.currency, 'bg').replace(/\s/g, ' ')}`,
    );
    expect((await get(order.tracking.labelUrl, bearer(user))).statusCode).toBe(403);
    // The shopper's own answer carries no label link.
    expect((await get(`/api/orders/${orderId}`, bearer(user))).json().tracking.labelUrl).toBeUndefined();

    const again = await ship(orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVALID_TRANSITION');

    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'order.shipment'));
    expect(audited.map((entry) => entry.target)).toContain(`order:${orderId}`);

    // The built-in courier's tracking is advanced by the admin: delivered, the cash collected.
    const delivered = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/deliver`,
      headers: bearer(t.admin),
    });
    expect(delivered.statusCode, delivered.body).toBeLessThan(300);
    expect(await orderRow(orderId)).toMatchObject({ fulfilment: 'delivered', status: 'paid' });
  });

  it('makes one label when pressed twice at once', { tags: ['engine'] }, async () => {
    const { orderId } = await codOrderToOffice('VAR-L1');
    const answers = await Promise.all([ship(orderId), ship(orderId), ship(orderId)]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    expect(await t.db.select().from(courierShipments).where(eq(courierShipments.orderId, orderId))).toHaveLength(1);
    const events = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: bearer(t.admin) });
    expect(events.json().events.filter((event: { type: string }) => event.type === 'shipped')).toHaveLength(1);
  });

  it('refuses an order that may not ship, a label that does not exist, and non-admins', async () => {
    const user = await shopper();
    const pending = await checkout(user, { officeId: (await officeNamed('RSE-01')).id });
    expect(pending.statusCode, pending.body).toBe(201);
    expect((await ship(pending.json().orderId)).json().code).toBe('INVALID_TRANSITION');
    expect((await get(`/api/admin/orders/${pending.json().orderId}/shipment/label`, bearer(t.admin))).statusCode).toBe(
      404,
    );
    expect((await ship(999_999)).statusCode).toBe(404);
    const asShopper = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${pending.json().orderId}/shipment`,
      headers: bearer(user),
      payload: {},
    });
    expect(asShopper.statusCode).toBe(403);
    expect((await ship(pending.json().orderId, { parcels: 0 })).statusCode).toBe(400);
  });

  it('withdraws the label when the order cannot ship after all (cancelled while the label was made)', async () => {
    const { orderId } = await codOrderToOffice('BLG-L1');
    const builtin = builtinCourier();
    const cancelled: string[] = [];
    const gateway = {
      ...builtin,
      async createLabel(parcel: Parameters<typeof builtin.createLabel>[0]) {
        await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderId));
        return builtin.createLabel(parcel);
      },
      async cancelLabel(number: string) {
        cancelled.push(number);
      },
    };
    const couriers = { ...t.app.couriers, gateway };
    await expect(createShipment(t.db, couriers, t.admin.id, orderId, {})).rejects.toMatchObject({
      code: 'INVALID_TRANSITION',
    });
    expect(cancelled).toEqual([`AN${String(orderId).padStart(10, '0')}`]);
    expect(await t.db.select().from(courierShipments).where(eq(courierShipments.orderId, orderId))).toEqual([]);
    expect(await orderRow(orderId)).toMatchObject({ fulfilment: 'unfulfilled', trackingNumber: null });
  });

  it('syncs on demand (admins only, audited)', async () => {
    const sync = await t.app.inject({ method: 'POST', url: '/api/admin/couriers/sync', headers: bearer(t.admin) });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json()).toMatchObject({ courier: 'builtin', closed: 0, total: BUILTIN_OFFICES.length });
    const user = await createUser(t.db);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/couriers/sync', headers: bearer(user) })).statusCode,
    ).toBe(403);
    await heard(t.app);
  });
});
