import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courierOffices, courierShipments, orderEvents, orders } from '../../db/schema.js';
import { createTestApp, effectsRun, type TestApp } from '../../test/app.js';
import { bearer, createProduct, createUser, type CreatedUser } from '../../test/factories.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';
import { econtCourier } from './econt.js';
import { CourierUnavailableError } from './gateway.js';
import { pollTracking } from './shipments.js';
import { fakeEcontOffice, startFakeEcont, type FakeEcont } from './test-support.js';

/** Econt switched on by its three variables, end to end against a local fake of its service. */
let t: TestApp;
let fake: FakeEcont;
let admin: CreatedUser;
const SOFIA: [string, string, string] = ['София', 'Sofia', '1000'];
const RUSE: [string, string, string] = ['Русе', 'Ruse', '7000'];

beforeAll(async () => {
  fake = await startFakeEcont();
  fake.offices = [
    fakeEcontOffice('1001', SOFIA, 'София Център'),
    fakeEcontOffice('1002', SOFIA, 'София Младост', true),
    fakeEcontOffice('7001', RUSE, 'Русе Център'),
  ];
  // A euro shop: Econt's prices, in leva here, are charged in euro at the fixed rate.
  t = await createTestApp({ ECONT_USER: 'shop', ECONT_PASSWORD: 'secret', ECONT_URL: fake.url, CURRENCY: 'EUR' });
  await t.app.couriersReady();
  admin = await createUser(t.db, { role: 'ADMIN' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const officeCoded = async (code: string) =>
  (await t.db.select().from(courierOffices).where(eq(courierOffices.code, code)))[0]!;
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const ship = (orderId: number) =>
  t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/shipment`, headers: bearer(admin), payload: {} });

async function codOrder(code: string) {
  const user = await createUser(t.db);
  await addCartLine(t.db, user, await createProduct(t.db, { priceCents: 4000 }), { quantity: 1 });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/session',
    headers: bearer(user),
    payload: {
      delivery: { ...TEST_DELIVERY, method: 'office', line1: undefined, officeId: (await officeCoded(code)).id },
      paymentMethod: 'cod',
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return { user, orderId: placed.json().orderId as number };
}

describe('Econt (ECONT_USER, ECONT_PASSWORD, ECONT_URL)', () => {
  it('syncs its offices at start and on demand: a changed one updated, a closed one kept inactive', async () => {
    const offices = (await t.app.inject('/api/couriers/offices?city=Sofia')).json();
    expect(offices.map((office: { kind: string; courier: string }) => [office.courier, office.kind])).toEqual([
      ['econt', 'office'],
      ['econt', 'locker'],
    ]);
    fake.offices = [
      fakeEcontOffice('1001', SOFIA, 'София Център 2'),
      fakeEcontOffice('1002', SOFIA, 'София Младост', true),
      fakeEcontOffice('9001', ['Варна', 'Varna', '9000'], 'Варна Център'),
    ];
    const sync = await t.app.inject({ method: 'POST', url: '/api/admin/couriers/sync', headers: bearer(admin) });
    expect(sync.json()).toEqual({ courier: 'econt', added: 1, updated: 1, closed: 1, total: 3 });
    expect(await officeCoded('7001')).toMatchObject({ active: false });
    expect(await officeCoded('1001')).toMatchObject({ name: 'София Център 2', active: true });
    expect((await t.app.inject('/api/couriers/offices?city=Ruse')).json()).toEqual([]);
  });

  it('prices the cart with its calculation in the shop’s euro, and with the settings’ price when it does not answer', async () => {
    const user = await createUser(t.db);
    await addCartLine(t.db, user, await createProduct(t.db, { priceCents: 4000 }), { quantity: 1 });
    const quote = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/checkout/quote',
          headers: bearer(user),
          payload: { deliveryMethod: 'office', officeId: (await officeCoded('1002')).id },
        })
      ).json().deliveryCost;
    // 5.80 leva, at 1.95583 leva to the euro: 2.97 euro (2.9655…).
    expect(fake.price).toBe(5.8);
    expect(await quote()).toBe(2.97);
    fake.down = 'error';
    const settings = (await t.app.inject('/api/settings')).json();
    expect(await quote()).toBe(settings.delivery.lockerPrice);
    fake.down = false;
  });

  it('makes the label with the cash on delivery and ships the order; the label prints from Econt', async () => {
    const { orderId } = await codOrder('1002');
    const shipped = await ship(orderId);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const order = shipped.json();
    expect(order).toMatchObject({
      fulfilment: 'shipped',
      tracking: { carrier: 'Econt', number: expect.stringMatching(/^\d{13}$/), labelUrl: expect.any(String) },
    });
    expect(order.tracking.url).toContain(order.tracking.number);
    const made = fake.calls.filter(
      (call) => call.method === 'Shipments/LabelService.createLabel' && call.body.mode === 'create',
    );
    expect(made.at(-1)!.body.label).toMatchObject({
      receiverOfficeCode: '1002',
      services: { cdAmount: order.total, cdType: 'get' },
      payAfterAccept: false,
    });
    // The shop sends it and pays for it: Econt's default, nothing asked of the shopper.
    expect(made.at(-1)!.body.label).not.toHaveProperty('paymentReceiverMethod');
    const label = await t.app.inject({ method: 'GET', url: order.tracking.labelUrl, headers: bearer(admin) });
    expect(label.statusCode).toBe(200);
    expect(label.body).toContain('fake econt label');
  });

  it('sends the Econt login with a label download only to the configured host; never over plain http elsewhere', async () => {
    // Anywhere else (another origin, here a second local server): no Authorization header.
    const elsewhere: (string | undefined)[] = [];
    const other = createServer((request, response) => {
      elsewhere.push(request.headers.authorization);
      if (request.url === '/bounce') {
        response.writeHead(302, { location: `${fake.url}/labels/bounced.pdf` }).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4 elsewhere');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    const gateway = econtCourier({ url: fake.url, user: 'shop', password: 'secret' });
    const login = `Basic ${Buffer.from('shop:secret').toString('base64')}`;
    try {
      fake.downloads.length = 0;
      expect((await gateway.labelPdf({ pdfURL: `${fake.url}/labels/1.pdf` })).toString()).toContain('fake econt');
      expect(fake.downloads).toEqual([{ path: 'labels/1.pdf', authorization: login }]);
      expect((await gateway.labelPdf({ pdfURL: `${otherUrl}/label.pdf` })).toString()).toContain('elsewhere');
      expect(elsewhere).toEqual([undefined]);
      // A redirect from elsewhere back to Econt: the login is added only on Econt's own host.
      await gateway.labelPdf({ pdfURL: `${otherUrl}/bounce` });
      expect(elsewhere).toEqual([undefined, undefined]);
      expect(fake.downloads.at(-1)).toEqual({ path: 'labels/bounced.pdf', authorization: login });
      // Plain http off loopback is never fetched.
      await expect(gateway.labelPdf({ pdfURL: 'http://labels.example.com/1.pdf' })).rejects.toBeInstanceOf(
        CourierUnavailableError,
      );
      // An HTTPS Econt: its login goes over HTTPS only, never to a plain http link of its own host.
      const secure = econtCourier({ url: 'https://127.0.0.1:1/services', user: 'shop', password: 'secret' });
      await expect(secure.labelPdf({ pdfURL: `${fake.url}/labels/2.pdf` })).rejects.toBeInstanceOf(
        CourierUnavailableError,
      );
      expect(fake.downloads.map((download) => download.path)).not.toContain('labels/2.pdf');
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  it('asks for inspection before payment when the owner allows it', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(admin),
      payload: { courier: { inspection: true, senderOfficeId: (await officeCoded('1001')).id } },
    });
    expect(put.json().courier).toMatchObject({ name: 'econt', inspection: true });
    const { orderId } = await codOrder('1001');
    expect((await ship(orderId)).statusCode).toBe(200);
    const made = fake.calls.filter(
      (call) => call.method === 'Shipments/LabelService.createLabel' && call.body.mode === 'create',
    );
    expect(made.at(-1)!.body.label).toMatchObject({ payAfterAccept: true, senderOfficeCode: '1001' });
  });

  it('answers 502 COURIER_UNAVAILABLE when Econt does not answer, and leaves the order as it was', async () => {
    const { orderId } = await codOrder('1001');
    fake.down = 'error';
    const failed = await ship(orderId);
    fake.down = false;
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('COURIER_UNAVAILABLE');
    expect(await orderRow(orderId)).toMatchObject({ fulfilment: 'unfulfilled', trackingNumber: null });
    expect(await t.db.select().from(courierShipments).where(eq(courierShipments.orderId, orderId))).toEqual([]);
    // Once it answers again, the same button works.
    expect((await ship(orderId)).statusCode).toBe(200);
  });

  it('polls the tracking: a parcel Econt delivered is delivered through the order core, the cash collected', async () => {
    const { orderId } = await codOrder('1002');
    const number = (await ship(orderId)).json().tracking.number as string;
    const gateway = t.app.couriers.gateway;
    await pollTracking(t.db, gateway);
    expect(await orderRow(orderId)).toMatchObject({ fulfilment: 'shipped', status: 'placed' });
    fake.delivered.add(number);
    // Polled a minute ago: not asked again yet.
    await t.db.update(courierShipments).set({ polledAt: null }).where(eq(courierShipments.orderId, orderId));
    expect(await pollTracking(t.db, gateway)).toBeGreaterThanOrEqual(1);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ fulfilment: 'delivered', status: 'paid' });
    expect(row.deliveredAt).not.toBeNull();
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['shipped', 'delivered', 'paid']));
    const [shipment] = await t.db.select().from(courierShipments).where(eq(courierShipments.orderId, orderId));
    expect(shipment!.lastStatus).toBe('Delivered');
    // Delivered once: the next round leaves it.
    await t.db.update(courierShipments).set({ polledAt: null }).where(eq(courierShipments.orderId, orderId));
    expect(await pollTracking(t.db, gateway)).toBe(0);
  });

  it('makes a return’s label as Econt’s return shipment: it names the parcel that carried the order out, the shop pays', async () => {
    // The shopper bears the label's cost here: the shop pays Econt and takes it from the refund.
    const settings = (body: object) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: bearer(admin), payload: body });
    expect((await settings({ returns: { shipping: 'shopper' } })).statusCode).toBe(200);
    const { user, orderId } = await codOrder('1002');
    const outgoing = (await ship(orderId)).json().tracking.number as string;
    fake.delivered.add(outgoing);
    await t.db.update(courierShipments).set({ polledAt: null }).where(eq(courierShipments.orderId, orderId));
    await pollTracking(t.db, t.app.couriers.gateway);
    const order = (await t.app.inject({ url: `/api/orders/${orderId}`, headers: bearer(user) })).json();
    expect(order.fulfilment).toBe('delivered');
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/returns`,
      headers: bearer(user),
      payload: { outcome: 'refund', lines: [{ orderItemId: order.items[0].id, quantity: 1, reason: 'too-large' }] },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().return.labelCost).toBeGreaterThan(0);
    await settings({ returns: { shipping: 'shop' } });
    await effectsRun(t.app);

    const made = fake.calls.filter(
      (call) => call.method === 'Shipments/LabelService.createLabel' && call.body.mode === 'create',
    );
    const label = made.at(-1)!.body.label as Record<string, unknown>;
    expect(label).toMatchObject({
      previousShipmentNumber: outgoing,
      previousShipmentReceiverPhone: TEST_DELIVERY.phone,
      // The shopper hands it in where the order was left; it goes to the shop's office.
      senderClient: { phones: [TEST_DELIVERY.phone] },
      senderOfficeCode: '1002',
      payAfterAccept: false,
      // Econt bills the receiver, the shop, all of it (decision 0079): never the shopper at the office.
      paymentReceiverMethod: 'cash',
      paymentReceiverAmount: 100,
      paymentReceiverAmountIsPercent: true,
    });
    expect(label).not.toHaveProperty('paymentSenderMethod');
    expect(label.services).toBeUndefined();
    const [listed] = (await t.app.inject({ url: `/api/orders/${orderId}/returns`, headers: bearer(user) })).json().data;
    expect(listed.label).toMatchObject({ courier: 'Econt', trackingNumber: expect.not.stringMatching(outgoing) });
  });
});
