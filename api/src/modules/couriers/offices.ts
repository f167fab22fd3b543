import { type Courier, type CourierOffice, type Language, type OfficeSyncResult } from '@shop/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { courierOffices, type OrderDelivery } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { CourierGateway, GatewayOffice } from './gateway.js';

export type OfficeRow = typeof courierOffices.$inferSelect;

/** Every name, city and address in both languages, lower case: what the picker's words are looked for in. */
const searchText = (office: GatewayOffice) =>
  [office.name, office.nameEn, office.city, office.cityEn, office.postcode, office.address, office.addressEn]
    .join(' ')
    .toLowerCase()
    .slice(0, 1200);

const FIELDS = ['kind', 'name', 'nameEn', 'city', 'cityEn', 'postcode', 'address', 'addressEn'] as const;
const sameAs = (row: OfficeRow, office: GatewayOffice) =>
  row.active && FIELDS.every((field) => row[field] === office[field]);

const columns = (courier: Courier, office: GatewayOffice) => ({
  courier,
  code: office.code,
  kind: office.kind,
  name: office.name.slice(0, 200),
  nameEn: office.nameEn.slice(0, 200),
  city: office.city.slice(0, 100),
  cityEn: office.cityEn.slice(0, 100),
  postcode: office.postcode.slice(0, 10),
  address: office.address.slice(0, 300),
  addressEn: office.addressEn.slice(0, 300),
  search: searchText(office),
  active: true,
  updatedAt: new Date(),
});

/**
 * Makes the shop's list of a courier's offices what the courier says now (docs/decisions/0044):
 * new ones added, changed ones updated (a reopened one active again), those gone marked inactive,
 * never deleted (orders name them). The courier is asked before the transaction; an empty answer
 * closes nothing (a courier with no offices at all is a broken answer, not a fact).
 */
export async function syncOffices(db: Db, gateway: CourierGateway): Promise<OfficeSyncResult> {
  const listed = await gateway.listOffices();
  const courier = gateway.name;
  return db.transaction(async (tx) => {
    // One sync of a courier at a time, across processes.
    await tx.execute(sql`select pg_advisory_xact_lock(727276, ${COURIER_LOCK[courier]})`);
    const existing = await tx.select().from(courierOffices).where(eq(courierOffices.courier, courier));
    const byCode = new Map(existing.map((row) => [row.code, row]));
    const seen = new Set<string>();
    const added: GatewayOffice[] = [];
    let updated = 0;
    for (const office of listed) {
      if (seen.has(office.code)) continue;
      seen.add(office.code);
      const row = byCode.get(office.code);
      if (!row) added.push(office);
      else if (!sameAs(row, office)) {
        await tx.update(courierOffices).set(columns(courier, office)).where(eq(courierOffices.id, row.id));
        updated += 1;
      }
    }
    for (let start = 0; start < added.length; start += 500) {
      await tx.insert(courierOffices).values(added.slice(start, start + 500).map((office) => columns(courier, office)));
    }
    const closed = listed.length === 0 ? [] : existing.filter((row) => row.active && !seen.has(row.code));
    if (closed.length > 0) {
      await tx
        .update(courierOffices)
        .set({ active: false, updatedAt: new Date() })
        .where(
          inArray(
            courierOffices.id,
            closed.map((row) => row.id),
          ),
        );
    }
    return { courier, added: added.length, updated, closed: closed.length, total: seen.size };
  });
}

const COURIER_LOCK: Record<Courier, number> = { builtin: 1, econt: 2 };

export const toOffice = (row: OfficeRow, lang: Language): CourierOffice => ({
  id: row.id,
  courier: row.courier,
  kind: row.kind,
  name: lang === 'bg' ? row.name : row.nameEn,
  city: lang === 'bg' ? row.city : row.cityEn,
  postcode: row.postcode,
  address: lang === 'bg' ? row.address : row.addressEn,
});

/**
 * The office or locker a checkout (or a return: its drop-off) names: active, of the courier in
 * use. Anything else is the field's error (`delivery.officeId`, or `field`).
 */
export async function chosenOffice(
  db: Db | Tx,
  courier: Courier,
  id: number,
  field = 'delivery.officeId',
): Promise<OfficeRow> {
  const [row] = await db
    .select()
    .from(courierOffices)
    .where(and(eq(courierOffices.id, id), eq(courierOffices.courier, courier), eq(courierOffices.active, true)));
  if (row) return row;
  const message = 'This office or locker is no longer available: choose another.';
  throw new AppError('VALIDATION_ERROR', message, { [field]: message });
}

/** An office by id, whatever its state (labels and the settings' sender office). */
export async function officeById(db: Db | Tx, id: number): Promise<OfficeRow | null> {
  const [row] = await db.select().from(courierOffices).where(eq(courierOffices.id, id));
  return row ?? null;
}

/**
 * The delivery as the order keeps it, to the office or locker chosen from the list: `office` its
 * name and address (in the order's language), its city and postcode, its id and courier.
 */
export function officeDelivery(delivery: OrderDelivery, office: OfficeRow | null, lang: Language): OrderDelivery {
  if (!office) return delivery;
  const shown = toOffice(office, lang);
  return {
    ...delivery,
    office: `${shown.name}, ${shown.address}`.slice(0, 200),
    city: shown.city,
    postcode: office.postcode,
    officeId: office.id,
    courier: office.courier,
    officeKind: office.kind,
  };
}
