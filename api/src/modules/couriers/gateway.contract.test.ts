import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { courierOffices } from '../../db/schema.js';
import { createTestDatabase } from '../../test/database.js';
import { builtinCourier } from './builtin.js';
import { econtCourier } from './econt.js';
import { CourierUnavailableError, type CourierGateway, type GatewayOffice, type Parcel } from './gateway.js';
import { syncOffices } from './offices.js';
import { fakeEcontOffice, startFakeEcont, type FakeEcont } from './test-support.js';

/**
 * The gateway's contract (TRADE.md section 6): every courier behind it answers these the same
 * way. Run against the built-in courier and against the Econt client talking to a local fake.
 */
interface Harness {
  gateway: CourierGateway;
  /** What the courier's office list says from now on. */
  setOffices(offices: { code: string; city: [string, string, string]; name: string; locker?: boolean }[]): void;
  /** The courier hands the parcel to its recipient (the built-in courier: the admin says so, not the courier). */
  deliver(trackingNumber: string): void;
  /** The courier takes the parcel from its sender (the built-in courier: nobody tells it). */
  send(trackingNumber: string): void;
  /** The courier's own price, or null when the shop's settings price the parcel. */
  expectedPriceCents: number | null;
  tracksItself: boolean;
  codSent(trackingNumber: string, label: Record<string, unknown>): number;
  close(): Promise<void>;
}

const PARCEL: Parcel = {
  orderId: 42,
  reference: 'ABCDEF123456',
  sender: {
    name: 'Atelier Noir Ltd.',
    phone: '+359 2 987 6543',
    city: 'София',
    postcode: '1000',
    address: 'ул. „Граф Игнатиев“ 12',
    officeCode: null,
    officeName: null,
  },
  recipient: {
    name: 'Ана Петрова',
    phone: '+359 88 123 4567',
    city: 'Пловдив',
    postcode: '4000',
    address: null,
    officeCode: 'PDV-L1',
    officeName: 'Автомат Пловдив Кършияка, бул. „Васил Априлов“ 17',
  },
  codCents: 12_345,
  currency: 'BGN',
  parcels: 1,
  weightGrams: 1200,
  inspection: true,
  description: 'Order ABCDEF123456',
};

async function builtinHarness(): Promise<Harness> {
  let offices: GatewayOffice[] = [];
  return {
    gateway: builtinCourier({ offices: () => offices }),
    setOffices(list) {
      offices = list.map(({ code, city, name, locker }) => ({
        code,
        kind: locker ? 'locker' : 'office',
        name,
        nameEn: `${name} (en)`,
        city: city[0],
        cityEn: city[1],
        postcode: city[2],
        address: `${city[0]}, ул. „Тестова“ ${code}`,
        addressEn: `${city[1]}, ${code} Testova St`,
      }));
    },
    deliver: () => undefined,
    send: () => undefined,
    expectedPriceCents: null,
    tracksItself: false,
    codSent: (_number, label) => Number(label.codCents),
    close: async () => undefined,
  };
}

async function econtHarness(): Promise<Harness & { fake: FakeEcont }> {
  const fake = await startFakeEcont();
  return {
    fake,
    gateway: econtCourier({ url: fake.url, user: 'shop', password: 'secret' }),
    setOffices(list) {
      fake.offices = list.map(({ code, city, name, locker }) => fakeEcontOffice(code, city, name, locker));
    },
    deliver: (number) => fake.delivered.add(number),
    send: (number) => fake.sent.add(number),
    expectedPriceCents: 580,
    tracksItself: true,
    codSent(number) {
      const made = fake.calls.find(
        (call) => call.method === 'Shipments/LabelService.createLabel' && call.body.mode === 'create',
      );
      expect(number).toMatch(/^\d{13}$/);
      const label = made!.body.label as { services?: { cdAmount?: number }; payAfterAccept?: boolean };
      expect(label.payAfterAccept).toBe(true);
      return Math.round((label.services?.cdAmount ?? 0) * 100);
    },
    close: () => fake.close(),
  };
}

const SOFIA: [string, string, string] = ['София', 'Sofia', '1000'];
const VARNA: [string, string, string] = ['Варна', 'Varna', '9000'];

describe.each([
  ['the built-in courier', builtinHarness],
  ['Econt (against a local fake)', econtHarness],
])('the courier gateway: %s', (_name, makeHarness) => {
  let h: Harness;
  let database: Database;
  beforeAll(async () => {
    h = await makeHarness();
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await h.close();
    await database.close();
  });

  it('syncs its offices and lockers: a changed office is updated, a closed one kept inactive, a new one added', async () => {
    const db = database.db;
    const courier = h.gateway.name;
    h.setOffices([
      { code: 'C1', city: SOFIA, name: 'Офис Център' },
      { code: 'C2', city: SOFIA, name: 'Автомат Младост', locker: true },
      { code: 'C3', city: VARNA, name: 'Офис Варна' },
    ]);
    expect(await syncOffices(db, h.gateway)).toEqual({ courier, added: 3, updated: 0, closed: 0, total: 3 });
    const rows = () => db.select().from(courierOffices).where(eq(courierOffices.courier, courier));
    const first = await rows();
    expect(first.find((row) => row.code === 'C2')).toMatchObject({ kind: 'locker', city: 'София', cityEn: 'Sofia' });

    h.setOffices([
      { code: 'C1', city: SOFIA, name: 'Офис Център 2' },
      { code: 'C2', city: SOFIA, name: 'Автомат Младост', locker: true },
      { code: 'C4', city: VARNA, name: 'Офис Варна Чайка' },
    ]);
    expect(await syncOffices(db, h.gateway)).toEqual({ courier, added: 1, updated: 1, closed: 1, total: 3 });
    const second = await rows();
    expect(second).toHaveLength(4);
    const byCode = new Map(second.map((row) => [row.code, row]));
    expect(byCode.get('C1')).toMatchObject({
      name: 'Офис Център 2',
      active: true,
      id: first.find((r) => r.code === 'C1')!.id,
    });
    // Closed: kept (orders name it), no longer offered.
    expect(byCode.get('C3')).toMatchObject({ active: false });
    // Unchanged: not touched again.
    expect(await syncOffices(db, h.gateway)).toEqual({ courier, added: 0, updated: 0, closed: 0, total: 3 });

    // An empty answer is a broken list, not every office closed.
    h.setOffices([]);
    expect(await syncOffices(db, h.gateway)).toMatchObject({ closed: 0 });
    const active = await db
      .select()
      .from(courierOffices)
      .where(and(eq(courierOffices.courier, courier), eq(courierOffices.active, true)));
    expect(active).toHaveLength(3);
  });

  it('prices a parcel (its own price, or null: the settings price it)', async () => {
    expect(await h.gateway.price(PARCEL)).toBe(h.expectedPriceCents);
  });

  it('makes a label with the cash on delivery, prints it, and withdraws it', async () => {
    const made = await h.gateway.createLabel(PARCEL);
    expect(made.trackingNumber).not.toBe('');
    expect(h.codSent(made.trackingNumber, made.label)).toBe(12_345);
    const pdf = await h.gateway.labelPdf(made.label);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await expect(h.gateway.cancelLabel(made.trackingNumber)).resolves.toBeUndefined();
  });

  it('tells a delivered parcel (the built-in courier leaves it to the admin)', async () => {
    const made = await h.gateway.createLabel({ ...PARCEL, orderId: 43 });
    const before = await h.gateway.track([made.trackingNumber]);
    expect(before.get(made.trackingNumber)?.delivered ?? false).toBe(false);
    h.deliver(made.trackingNumber);
    const after = await h.gateway.track([made.trackingNumber]);
    expect(after.get(made.trackingNumber)?.delivered ?? false).toBe(h.tracksItself);
  });

  it('makes a return’s label a parcel of its own, and tells when the courier has taken it', async () => {
    const outgoing = await h.gateway.createLabel({ ...PARCEL, orderId: 44 });
    const back = await h.gateway.createLabel({ ...PARCEL, orderId: 44, returnId: 7, codCents: 0 });
    expect(back.trackingNumber).not.toBe(outgoing.trackingNumber);
    const underway = async () => (await h.gateway.track([back.trackingNumber])).get(back.trackingNumber)?.underway;
    expect((await underway()) ?? false).toBe(false);
    h.send(back.trackingNumber);
    expect((await underway()) ?? false).toBe(h.tracksItself);
  });
});

describe('the Econt client when the service does not answer', () => {
  let h: Awaited<ReturnType<typeof econtHarness>>;
  beforeAll(async () => {
    h = await econtHarness();
  });
  afterAll(() => h.close());

  it('sends the documented requests: Basic authentication, the countryCode, the label and its mode', async () => {
    h.setOffices([{ code: 'E1', city: SOFIA, name: 'Офис' }]);
    await h.gateway.listOffices();
    await h.gateway.createLabel(PARCEL);
    const [offices, label] = h.fake.calls;
    expect(offices).toMatchObject({
      method: 'Nomenclatures/NomenclaturesService.getOffices',
      body: { countryCode: 'BGR' },
    });
    expect(offices!.authorization).toBe(`Basic ${Buffer.from('shop:secret').toString('base64')}`);
    expect(label).toMatchObject({
      method: 'Shipments/LabelService.createLabel',
      body: {
        mode: 'create',
        label: {
          receiverOfficeCode: 'PDV-L1',
          packCount: 1,
          weight: 1.2,
          services: { cdAmount: 123.45, cdType: 'get', cdCurrency: 'BGN' },
        },
      },
    });
  });

  it('fails every call with COURIER_UNAVAILABLE when it answers an error', async () => {
    h.fake.down = 'error';
    for (const call of [
      () => h.gateway.listOffices(),
      () => h.gateway.price(PARCEL),
      () => h.gateway.createLabel(PARCEL),
      () => h.gateway.cancelLabel('1000000000001'),
      () => h.gateway.track(['1000000000001']),
    ]) {
      await expect(call()).rejects.toBeInstanceOf(CourierUnavailableError);
    }
    h.fake.down = false;
  });

  it('gives up on a price that does not come within the short timeout', async () => {
    h.fake.down = 'hang';
    const started = Date.now();
    await expect(h.gateway.price(PARCEL)).rejects.toMatchObject({ code: 'COURIER_UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(5000);
    h.fake.down = false;
  });
});
