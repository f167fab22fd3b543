import { BUILTIN_CARRIER, type Courier } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { returns } from '../../db/schema.js';
import { bearer } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { builtinCourier } from '../couriers/builtin.js';
import type { CourierGateway } from '../couriers/gateway.js';
import type { Couriers } from '../couriers/shipments.js';
import { pollReturnTracking } from './label.js';
import { deliveredOrder, returnOneUnit, type DeliveredOrder } from './test-support.js';

/** A return's label (YEAR.md section 2, docs/decisions/0062): made once approved, behind a signed link, tracked. */

const t = useTestApp({ admin: true });

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(t.admin), ...(payload ? { payload } : {}) });

/** A refund of one unit of the order's first line; the return as answered. */
const returned = (order: DeliveredOrder) => returnOneUnit(t, order);

/** The shopper's returns of the order, by id, once every effect due (the label's) has run. */
async function listed(order: DeliveredOrder) {
  await t.effectsRun();
  const answer = await t.app.inject({ url: `/api/orders/${order.orderId}/returns`, headers: bearer(order.user) });
  type Listed = { id: number; status: string; label: { url: string; courier: string; trackingNumber: string } | null };
  return new Map((answer.json().data as Listed[]).map((one) => [one.id, one]));
}

describe('a return’s label', () => {
  it('is made by the order’s courier once approved, and opens only through its signed link', async () => {
    const order = await deliveredOrder(t);
    const made = await returned(order);
    expect(made.status).toBe('approved');
    const { label } = (await listed(order)).get(made.id)!;
    expect(label).toEqual({
      url: expect.stringMatching(new RegExp(`^/api/returns/${made.id}/label\\?expires=\\d+&sig=[\\w-]+$`)),
      courier: BUILTIN_CARRIER,
      trackingNumber: `RN${String(made.id).padStart(10, '0')}`,
    });

    const pdf = await t.app.inject({ url: label!.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another return's id under this signature, or a signature of its own: refused.
    const forged = [label!.url.replace(`/returns/${made.id}/`, `/returns/${made.id + 1}/`), `${label!.url}x`];
    for (const url of forged) expect((await t.app.inject({ url })).statusCode).toBe(403);
    const expired = label!.url.replace(/expires=\d+/, 'expires=1000');
    expect((await t.app.inject({ url: expired })).json().code).toBe('FORBIDDEN');

    // The owner sees the same label and its tracking number.
    const owners = (await admin('GET', '/api/admin/returns?status=open&limit=100')).json().data as { id: number }[];
    expect(owners.find((one) => one.id === made.id)).toMatchObject({
      label: { trackingNumber: label!.trackingNumber },
    });
  });

  it('waits for the owner’s approval, and a rejected return has none', async () => {
    await admin('PUT', '/api/admin/settings', { returns: { autoApprove: false } });
    try {
      const order = await deliveredOrder(t);
      const [kept, refused] = [await returned(order), await returned(order)];
      expect((await listed(order)).get(kept.id)).toMatchObject({ status: 'requested', label: null });
      expect((await admin('POST', `/api/admin/returns/${kept.id}/approve`)).statusCode).toBe(200);
      expect((await admin('POST', `/api/admin/returns/${refused.id}/reject`, { reason: 'Worn' })).statusCode).toBe(200);
      const after = await listed(order);
      expect(after.get(kept.id)).toMatchObject({ status: 'approved', label: { courier: BUILTIN_CARRIER } });
      expect(after.get(refused.id)).toMatchObject({ status: 'rejected', label: null });
    } finally {
      await admin('PUT', '/api/admin/settings', { returns: { autoApprove: true } });
    }
  });

  it('is on its way once the courier has taken the parcel, and is received from there', async () => {
    const order = await deliveredOrder(t);
    const made = await returned(order);
    await t.effectsRun();
    const trackingNumber = '1000000000099';
    await t.db
      .update(returns)
      .set({ label: { courier: 'econt', trackingNumber, trackingUrl: null, stored: {} } })
      .where(eq(returns.id, made.id));
    // Econt, as far as tracking goes: it has taken the parcels in `taken`.
    const taken = new Set<string>();
    const econt: CourierGateway = {
      ...builtinCourier(),
      name: 'econt',
      track: async (numbers) =>
        new Map(numbers.map((number) => [number, { delivered: false, underway: taken.has(number), status: 'Sent' }])),
    };
    const couriers: Couriers = {
      ...t.app.couriers,
      of: (courier: Courier) => (courier === 'econt' ? econt : t.app.couriers.of(courier)),
    };

    expect(await pollReturnTracking(t.db, couriers)).toBe(0);
    taken.add(trackingNumber);
    expect(await pollReturnTracking(t.db, couriers)).toBe(1);
    expect(await pollReturnTracking(t.db, couriers)).toBe(0);
    expect((await listed(order)).get(made.id)).toMatchObject({ status: 'in-transit', label: { trackingNumber } });

    const received = await admin('POST', `/api/admin/returns/${made.id}/receive`, {
      lines: [{ orderItemId: order.lines[0]!.id, quantity: 1, condition: 'resell' }],
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().return.status).toBe('refunded');
  });
});
