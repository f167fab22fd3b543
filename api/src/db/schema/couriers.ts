import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { COURIERS, OFFICE_KINDS } from '@shop/contract';
import { createdAt, instant, updatedAt } from './columns.js';
import { orders } from './orders.js';

/** Couriers (TRADE.md section 6, docs/decisions/0044): their offices and lockers, and the parcels sent through them. */

/**
 * Every courier's offices and lockers, as its list last said (the built-in courier's demo list,
 * Econt's nomenclature synced daily). A closed office stays, inactive: orders name it by id.
 * `search` holds every name, city and address in both languages, lower case, for the picker.
 */
export const courierOffices = pgTable(
  'courier_offices',
  {
    id: serial('id').primaryKey(),
    courier: varchar('courier', { length: 16, enum: COURIERS }).notNull(),
    /** The courier's own code of the office (what its labels name). */
    code: varchar('code', { length: 40 }).notNull(),
    kind: varchar('kind', { length: 8, enum: OFFICE_KINDS }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    city: varchar('city', { length: 100 }).notNull(),
    cityEn: varchar('city_en', { length: 100 }).notNull(),
    postcode: varchar('postcode', { length: 10 }).notNull(),
    address: varchar('address', { length: 300 }).notNull(),
    addressEn: varchar('address_en', { length: 300 }).notNull(),
    search: varchar('search', { length: 1200 }).notNull(),
    active: boolean('active').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('courier_offices_courier_code_key').on(t.courier, t.code),
    // The picker asks by city first, in either language.
    index('courier_offices_city_idx')
      .on(sql`lower(${t.city})`)
      .where(sql`${t.active}`),
    index('courier_offices_city_en_idx')
      .on(sql`lower(${t.cityEn})`)
      .where(sql`${t.active}`),
  ],
);

export const SHIPMENT_STATES = ['creating', 'created', 'cancelled'] as const;

/**
 * An order's parcel with a courier: one per order (the unique index holds it under a double click).
 * `creating` while the courier is asked for the label (no order is shipped without one), then
 * `created` with its tracking number; `cancelled` when the label was withdrawn.
 */
export const courierShipments = pgTable(
  'courier_shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courier: varchar('courier', { length: 16, enum: COURIERS }).notNull(),
    state: varchar('state', { length: 10, enum: SHIPMENT_STATES }).notNull().default('creating'),
    trackingNumber: varchar('tracking_number', { length: 100 }),
    /** What prints the label again: the built-in label's details, or the courier's PDF address. */
    label: jsonb('label').$type<Record<string, unknown>>(),
    parcels: integer('parcels').notNull().default(1),
    weightGrams: integer('weight_grams').notNull().default(1000),
    codCents: integer('cod_cents').notNull().default(0),
    /** The courier's last word on the parcel, and when it was asked. */
    lastStatus: varchar('last_status', { length: 200 }),
    polledAt: instant('polled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('courier_shipments_order_id_key').on(t.orderId),
    index('courier_shipments_tracked_idx')
      .on(t.courier, t.polledAt)
      .where(sql`${t.state} = 'created'`),
  ],
);
