import { percentOff, type Sale, type ScheduledSale } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';

/** The JSON of `saleNow` (db/fragments.ts): a sale in force, in cents. */
export const SaleJsonSchema = z
  .object({ price: z.number(), prior: z.number(), endsAt: z.string().nullable() })
  .nullable();

const isoOrNull = (text: string | null) => (text === null ? null : new Date(text).toISOString());

/** A sale in force as answers show it: the percentage from the prior price (the law's way). */
export function saleOf(json: z.infer<typeof SaleJsonSchema>): Sale | null {
  if (!json) return null;
  return {
    priorPrice: json.prior,
    percentOff: percentOff(json.prior, json.price),
    endsAt: isoOrNull(json.endsAt),
  };
}

/** The JSON of `scheduledSaleOf`: the sale of a product not yet ended, in cents. */
export const ScheduledSaleJsonSchema = z
  .object({ price: z.number(), startsAt: z.string(), endsAt: z.string().nullable() })
  .nullable();

/** The sale an admin set on product `productAlias` that has not ended (running or to come), as JSON, or NULL. */
export const scheduledSaleOf = (productAlias = 'p'): SQL =>
  sql`(select json_build_object('price', s.price_cents, 'startsAt', s.starts_at, 'endsAt', s.ends_at)
     from product_sales s where s.product_id = ${sql.identifier(productAlias)}.id and (s.ends_at is null or s.ends_at > now())
     order by s.starts_at desc limit 1)`;

export function scheduledSale(json: z.infer<typeof ScheduledSaleJsonSchema>): ScheduledSale | null {
  if (!json) return null;
  return {
    price: json.price,
    startsAt: new Date(json.startsAt).toISOString(),
    endsAt: isoOrNull(json.endsAt),
  };
}
