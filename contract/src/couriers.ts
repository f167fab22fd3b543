import { z } from 'zod';
import { text } from './text.js';

/**
 * Couriers (TRADE.md section 6, docs/decisions/0044): the shop's built-in courier (offline, the
 * default) and Econt (when ECONT_USER and ECONT_PASSWORD are set). Speedy or BOX NOW would be one
 * more name here and one more gateway in api/src/modules/couriers.
 */
export const COURIERS = ['builtin', 'econt'] as const;
export type Courier = (typeof COURIERS)[number];

/** A courier office with a counter, or a parcel locker (a machine): both are chosen with `method: 'office'`. */
export const OFFICE_KINDS = ['office', 'locker'] as const;
export type OfficeKind = (typeof OFFICE_KINDS)[number];

/** How many offices one search answers (the picker asks again as the shopper types). */
export const OFFICE_SEARCH_LIMIT = 50;

/** `GET /api/couriers/cities?lang=`: the cities named in the request's language. */
export const CourierCitiesQuerySchema = z.object({ lang: z.string().max(5).optional() });

/** `GET /api/couriers/offices?city=&q=&lang=`: the city (exact, any case, either language) then words of the name or address. */
export const OfficesQuerySchema = z.object({
  city: text().trim().max(100).optional(),
  q: text().trim().max(100).optional(),
  lang: z.string().max(5).optional(),
});
export type OfficesQuery = z.input<typeof OfficesQuerySchema>;

/** An office or locker as the checkout's picker shows it, in the request's language. */
export const CourierOfficeSchema = z.object({
  id: z.number(),
  courier: z.enum(COURIERS),
  kind: z.enum(OFFICE_KINDS),
  name: z.string(),
  city: z.string(),
  postcode: z.string(),
  address: z.string(),
});
export type CourierOffice = z.infer<typeof CourierOfficeSchema>;
export const CourierOfficesSchema = z.array(CourierOfficeSchema);

/** `GET /api/couriers/cities?lang=`: every city with an active office or locker, with how many, by name. */
export const CourierCitiesSchema = z.array(z.object({ name: z.string(), postcode: z.string(), offices: z.number() }));
export type CourierCities = z.infer<typeof CourierCitiesSchema>;

/** `POST /api/admin/orders/{id}/shipment`: the parcels (1 by default) and their weight (1 kg by default). */
export const CreateShipmentBodySchema = z
  .object({
    parcels: z
      .number('Parcels are a whole number from 1 to 20.')
      .int('Parcels are a whole number from 1 to 20.')
      .min(1, 'Parcels are a whole number from 1 to 20.')
      .max(20, 'Parcels are a whole number from 1 to 20.')
      .optional(),
    weightKg: z
      .number('The weight is from 0.1 to 50 kg.')
      .min(0.1, 'The weight is from 0.1 to 50 kg.')
      .max(50, 'The weight is from 0.1 to 50 kg.')
      .optional(),
  })
  .default({});
export type CreateShipmentBody = z.input<typeof CreateShipmentBodySchema>;

/** `POST /api/admin/couriers/sync`: what the courier's list changed in the shop's. */
export const OfficeSyncResultSchema = z.object({
  courier: z.enum(COURIERS),
  added: z.number(),
  updated: z.number(),
  closed: z.number(),
  total: z.number(),
});
export type OfficeSyncResult = z.infer<typeof OfficeSyncResultSchema>;
