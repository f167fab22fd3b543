import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Columns every domain's tables share (not re-exported by the schema's barrel). */

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A moment in time: every timestamp of the shop is stored with its time zone (timestamptz). */
export const instant = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => instant('created_at').notNull().defaultNow();
export const updatedAt = () => instant('updated_at').notNull().defaultNow();
