import { z } from 'zod';
import { PRICE_MAX } from './product-editing.js';
import { money, Money } from './money-codec.js';

/**
 * Sale prices (TRADE.md section 4; issue 30): an admin schedules one sale per product at a time,
 * with an optional start and end; it starts and ends by itself.
 */

const instant = (message: string) =>
  z.iso.datetime({ offset: true, message }).transform((text) => new Date(text).toISOString());

/** `PUT /api/admin/products/{id}/sale`: a start in the past (or none) starts it now; no end runs it until ended. */
export const SaleBodySchema = z
  .object({
    price: money({ min: 1, max: PRICE_MAX * 100, message: 'Give the sale price, e.g. 39.90' }),
    startsAt: instant('Give the start as a date and time').optional(),
    endsAt: instant('Give the end as a date and time').optional(),
  })
  .refine(({ startsAt, endsAt }) => !startsAt || !endsAt || endsAt > startsAt, {
    message: 'The sale must end after it starts',
    path: ['endsAt'],
  });
export type SaleBody = z.infer<typeof SaleBodySchema>;

/** One change of the price a shopper pays, oldest first: `GET /api/admin/products/{id}/price-history`. */
export const PriceChangeSchema = z.object({ price: Money, at: z.string() });
export type PriceChange = z.infer<typeof PriceChangeSchema>;
export const PriceHistorySchema = z.array(PriceChangeSchema);
