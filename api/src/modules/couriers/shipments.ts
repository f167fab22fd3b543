import { BUILTIN_CARRIER, type Courier } from '@shop/contract';
import { and, asc, eq, inArray, lt, or, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { courierShipments } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit } from '../../platform/audit.js';
import { getAdminOrder } from '../orders/admin-list.js';
import type { AdminOrderRead } from '../orders/service.js';
import { assertStep, factsOf, takeStep } from '../orders/core.js';
import { idsOfOrdersIn } from '../orders/reads.js';
import { lockOrder, withOrder, type OrderRow } from '../orders/store.js';
import { amountDueCents } from '../orders/store.js';
import { settingsRow } from '../settings/service.js';
import { CourierUnavailableError, type CourierGateway, type Parcel, type Party } from './gateway.js';
import type { OfficeIndex } from './office-index.js';
import { officeById } from './offices.js';

/** The couriers the shop can use: the one in use now, and the built-in one (its old labels still print). */
export interface Couriers {
  gateway: CourierGateway;
  of(courier: Courier): CourierGateway | null;
  /** The picker's copy of the courier's offices (office-index.ts). */
  offices: OfficeIndex;
}

/** How the order's tracking names each courier (shoppers read it). */
export const CARRIER_NAME: Record<Courier, string> = { builtin: BUILTIN_CARRIER, econt: 'Econt' };

/** A label asked for longer ago than this and never finished (a process that died) may be asked for again. */
const STALE_CLAIM_MS = 2 * 60_000;

/** "ул. X 12, 1000 София, България": the postcode and city a courier's address needs. */
function cityOf(address: string): { city: string; postcode: string } {
  const match = /(\d{4})\s+([^,\d]+)/.exec(address);
  return { postcode: match?.[1] ?? '', city: match?.[2]?.trim() ?? '' };
}

/** The parcel a label is made for: from the settings' sender to the order's delivery, cash on delivery when it is one. */
export async function parcelOf(
  tx: Db | Tx,
  gateway: CourierGateway,
  row: OrderRow,
  size: { parcels: number; weightGrams: number },
): Promise<Parcel> {
  const settings = await settingsRow(tx);
  const delivery = row.delivery;
  if (!delivery) throw new AppError('INVALID_TRANSITION', 'This order has no delivery details to ship it to.');
  const senderOffice = settings.courierSenderOfficeId ? await officeById(tx, settings.courierSenderOfficeId) : null;
  const senderAddress = settings.courierSenderAddress || settings.sellerAddress;
  const sender: Party = {
    name: settings.sellerLegalName,
    phone: settings.sellerPhone,
    ...cityOf(senderAddress),
    address: senderAddress,
    officeCode: senderOffice?.courier === gateway.name ? senderOffice.code : null,
    officeName: senderOffice ? `${senderOffice.name}, ${senderOffice.address}` : null,
  };
  const office = delivery.officeId ? await officeById(tx, delivery.officeId) : null;
  const recipient: Party = {
    name: delivery.name,
    phone: delivery.phone,
    city: delivery.city,
    postcode: delivery.postcode,
    address: delivery.method === 'address' ? delivery.line1 : office ? null : delivery.office,
    officeCode: office?.courier === gateway.name ? office.code : null,
    officeName: delivery.method === 'office' ? delivery.office : null,
  };
  const cod = row.paymentMethod === 'cod' && row.status === 'placed';
  return {
    orderId: row.id,
    reference: row.reference,
    sender,
    recipient,
    // What gift cards and store credit paid is not collected.
    codCents: cod ? Math.max(0, amountDueCents(row) - row.refundedCents) : 0,
    currency: row.currency,
    parcels: size.parcels,
    weightGrams: size.weightGrams,
    inspection: settings.courierInspection,
    description: `Order ${row.reference}`,
  };
}

/**
 * "Create shipment" (TRADE.md section 6, docs/decisions/0044): the courier makes the label, and
 * the order is shipped with its tracking number, in one step through the order core (the
 * `shipped` event and its mail). The courier is never called inside a transaction:
 *
 * 1. the order row is locked, the step checked (already shipped: 409 INVALID_TRANSITION), and a
 *    `creating` shipment row claims the label; a second press meanwhile finds the claim (409);
 * 2. the courier makes the label; when it fails, the claim goes and the admin gets 502
 *    COURIER_UNAVAILABLE: nothing half-done;
 * 3. the order is locked again and shipped with the label's tracking. Should the order have
 *    changed meanwhile (cancelled in another tab), the label is withdrawn at the courier.
 */
export async function createShipment(
  db: Db,
  couriers: Couriers,
  actorId: number,
  orderId: number,
  size: { parcels?: number | undefined; weightKg?: number | undefined },
): Promise<AdminOrderRead> {
  const { gateway } = couriers;
  const dimensions = { parcels: size.parcels ?? 1, weightGrams: Math.round((size.weightKg ?? 1) * 1000) };
  const claim = await db.transaction((tx) =>
    withOrder(tx, orderId, async (row) => {
      assertStep('ship', factsOf(row), 'admin');
      const [earlier] = await tx.select().from(courierShipments).where(eq(courierShipments.orderId, orderId));
      if (earlier?.state === 'creating' && Date.now() - earlier.updatedAt.getTime() < STALE_CLAIM_MS)
        throw new AppError('INVALID_TRANSITION', 'The label of this order is being made: wait a moment and reload.');
      const parcel = await parcelOf(tx, gateway, row, dimensions);
      const values = {
        orderId,
        courier: gateway.name,
        state: 'creating' as const,
        trackingNumber: null,
        label: null,
        parcels: dimensions.parcels,
        weightGrams: dimensions.weightGrams,
        codCents: parcel.codCents,
        lastStatus: null,
        polledAt: null,
        updatedAt: new Date(),
      };
      const [shipment] = earlier
        ? await tx.update(courierShipments).set(values).where(eq(courierShipments.id, earlier.id)).returning()
        : await tx.insert(courierShipments).values(values).returning();
      return { shipmentId: shipment!.id, parcel };
    }),
  );

  const release = () => db.delete(courierShipments).where(eq(courierShipments.id, claim.shipmentId));
  let made;
  try {
    made = await gateway.createLabel(claim.parcel);
  } catch (error) {
    await release();
    throw error instanceof CourierUnavailableError ? error : new CourierUnavailableError(gateway.name, error);
  }

  try {
    await db.transaction((tx) =>
      withOrder(tx, orderId, async (row) => {
        const tracking = {
          carrier: CARRIER_NAME[gateway.name],
          trackingNumber: made.trackingNumber,
          trackingUrl: made.trackingUrl ?? undefined,
        };
        await takeStep(tx, row, 'ship', {
          actor: 'admin',
          actorId,
          set: {
            trackingCarrier: tracking.carrier,
            trackingNumber: tracking.trackingNumber,
            trackingUrl: made.trackingUrl,
          },
          detail: { ...tracking, courier: gateway.name },
        });
        await tx
          .update(courierShipments)
          .set({ state: 'created', trackingNumber: made.trackingNumber, label: made.label, updatedAt: new Date() })
          .where(eq(courierShipments.id, claim.shipmentId));
        await audit(tx, {
          actorId,
          action: 'order.shipment',
          target: `order:${orderId}`,
          detail: {
            courier: gateway.name,
            trackingNumber: made.trackingNumber,
            ...dimensions,
            codCents: claim.parcel.codCents,
          },
        });
      }),
    );
  } catch (error) {
    // The order could not be shipped after all: the label is withdrawn, the claim goes.
    await gateway.cancelLabel(made.trackingNumber).catch(() => undefined);
    await release();
    throw error;
  }
  return getAdminOrder(db, orderId);
}

/** The label's PDF, printed again: the built-in one rendered anew, a courier's fetched from it. */
export async function shipmentLabel(
  db: Db,
  couriers: Couriers,
  orderId: number,
): Promise<{ pdf: Buffer; trackingNumber: string }> {
  const [shipment] = await db
    .select()
    .from(courierShipments)
    .where(and(eq(courierShipments.orderId, orderId), eq(courierShipments.state, 'created')));
  if (!shipment?.label || !shipment.trackingNumber) throw notFound('This order has no label.');
  const gateway = couriers.of(shipment.courier);
  if (!gateway) throw new CourierUnavailableError(shipment.courier);
  return { pdf: await gateway.labelPdf(shipment.label), trackingNumber: shipment.trackingNumber };
}

/** How many parcels one poll asks the courier about (the oldest asked first). */
const POLL_BATCH = 100;

/**
 * Asks the courier about the shipped parcels it carries and moves each one it delivered to
 * `delivered` through the order core, as the admin's Delivered button does (a cash-on-delivery
 * order is then paid: the courier collected the cash), by the shop itself (`system`). Answers how
 * many were delivered.
 */
export async function pollTracking(db: Db, gateway: CourierGateway): Promise<number> {
  const carried = await db
    .select({ id: courierShipments.id, orderId: courierShipments.orderId, number: courierShipments.trackingNumber })
    .from(courierShipments)
    .where(
      and(
        eq(courierShipments.courier, gateway.name),
        eq(courierShipments.state, 'created'),
        inArray(courierShipments.orderId, idsOfOrdersIn(db, 'shipped')),
        or(isNull(courierShipments.polledAt), lt(courierShipments.polledAt, new Date(Date.now() - 60_000))),
      ),
    )
    .orderBy(sql`${courierShipments.polledAt} asc nulls first`, asc(courierShipments.id))
    .limit(POLL_BATCH);
  const numbers = carried.flatMap((shipment) => (shipment.number ? [shipment.number] : []));
  if (numbers.length === 0) return 0;
  const statuses = await gateway.track(numbers);
  let delivered = 0;
  for (const shipment of carried) {
    const status = shipment.number ? statuses.get(shipment.number) : undefined;
    await db.transaction(async (tx) => {
      await tx
        .update(courierShipments)
        .set({ polledAt: new Date(), ...(status ? { lastStatus: status.status || null } : {}) })
        .where(eq(courierShipments.id, shipment.id));
      if (!status?.delivered) return;
      const row = await lockOrder(tx, shipment.orderId);
      if (row?.fulfilment !== 'shipped') return;
      await takeStep(tx, row, 'deliver', {
        actor: 'system',
        detail: { courier: gateway.name, status: status.status },
      });
      delivered += 1;
    });
  }
  return delivered;
}
