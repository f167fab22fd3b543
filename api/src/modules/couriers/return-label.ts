import type { Courier } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { courierShipments } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { readOrder } from '../orders/store.js';
import { CourierUnavailableError, type StoredLabel } from './gateway.js';
import { officeById } from './offices.js';
import { parcelOf, type Couriers } from './shipments.js';

/** A return's label as the return keeps it: the courier, its number, and what prints it again. */
export interface ReturnLabel {
  courier: Courier;
  trackingNumber: string;
  trackingUrl: string | null;
  stored: StoredLabel;
}

/**
 * The courier a return goes back with: the one that carried the order out (when the shop still
 * has it), else the shop's courier now.
 */
async function orderCourier(db: Db, couriers: Couriers, orderId: number) {
  const [shipment] = await db
    .select({ courier: courierShipments.courier, trackingNumber: courierShipments.trackingNumber })
    .from(courierShipments)
    .where(and(eq(courierShipments.orderId, orderId), eq(courierShipments.state, 'created')));
  const carried = shipment && couriers.of(shipment.courier);
  return carried
    ? { gateway: carried, outgoingNumber: shipment.trackingNumber }
    : { gateway: couriers.gateway, outgoingNumber: null };
}

/**
 * A return's label (YEAR.md section 2, docs/decisions/0062), made by the order's courier through
 * the gateway, outside any transaction: the parcel of the order's delivery turned round (the
 * shopper sends it, from the office they chose or else the order's address or office, to the
 * shop's sender address or office),
 * no cash on delivery, one parcel of 1 kg, naming the outgoing parcel when the same courier
 * carried it (Econt's return shipment, decision 0079). The caller keeps it with the return.
 */
export async function makeReturnLabel(
  db: Db,
  couriers: Couriers,
  target: { orderId: number; returnId: number; reference: string; dropOffOfficeId?: number | null },
): Promise<ReturnLabel> {
  const order = await readOrder(db, target.orderId);
  if (!order) throw notFound('Order not found');
  const { gateway, outgoingNumber } = await orderCourier(db, couriers, order.id);
  const outgoing = await parcelOf(db, gateway, order, { parcels: 1, weightGrams: 1000 });
  // The office the shopper chose to hand the parcel in at (decision 0069): printed as the sender's.
  const office = target.dropOffOfficeId ? await officeById(db, target.dropOffOfficeId) : null;
  const sender = office
    ? {
        ...outgoing.recipient,
        officeCode: office.courier === gateway.name ? office.code : null,
        officeName: `${office.name}, ${office.address}`,
      }
    : outgoing.recipient;
  let made;
  try {
    made = await gateway.createLabel({
      ...outgoing,
      returnId: target.returnId,
      // The parcel it goes back against (decision 0079), when this courier carried it out.
      returnOf: outgoingNumber ? { trackingNumber: outgoingNumber, recipientPhone: outgoing.recipient.phone } : null,
      // The shop pays the courier for every return (decision 0079): what the shopper bears of it
      // (the settings' `shipping`) is taken from the refund, shown before they confirm (0056), so
      // the shopper never pays at the counter too.
      payer: 'recipient',
      reference: target.reference,
      sender,
      recipient: outgoing.sender,
      codCents: 0,
      inspection: false,
      description: `Return ${target.reference}`,
    });
  } catch (error) {
    throw error instanceof CourierUnavailableError ? error : new CourierUnavailableError(gateway.name, error);
  }
  return {
    courier: gateway.name,
    trackingNumber: made.trackingNumber,
    trackingUrl: made.trackingUrl,
    stored: made.label,
  };
}

/** A return label's PDF, printed again by the courier that made it. */
export async function returnLabelPdf(couriers: Couriers, label: ReturnLabel): Promise<Buffer> {
  const gateway = couriers.of(label.courier);
  if (!gateway) throw new CourierUnavailableError(label.courier);
  return gateway.labelPdf(label.stored);
}

/** Which of a courier's return labels it has taken (underway), by tracking number. */
export async function returnLabelsUnderway(
  couriers: Couriers,
  courier: Courier,
  trackingNumbers: string[],
): Promise<Set<string>> {
  const gateway = couriers.of(courier);
  if (!gateway || trackingNumbers.length === 0) return new Set();
  const statuses = await gateway.track(trackingNumbers);
  return new Set(trackingNumbers.filter((number) => statuses.get(number)?.underway));
}
