import { LANGUAGES } from '@shop/contract';
import { z } from 'zod';
import { effectKind } from '../../platform/outbox/declare.js';
import { dailyAt, every } from '../../platform/outbox/timed.js';

/** Stock may have come back (an order released or restocked it): find who waits for it (effects.ts). */
export const BACK_IN_STOCK = effectKind('stock.back-in-stock', z.object({}));

/** One shopper's back-in-stock mail, with what it says (alerts.ts writes it as it deletes the alert). */
export const BackInStockSchema = z.object({
  email: z.string(),
  name: z.string(),
  locale: z.enum(LANGUAGES),
  productId: z.number().int(),
  productName: z.string(),
  /** In the shopper's language, like the product's name. */
  colorName: z.string(),
  size: z.string(),
});
export type BackInStock = z.infer<typeof BackInStockSchema>;
export const BACK_IN_STOCK_MAIL = effectKind('mail.back-in-stock', BackInStockSchema);

/** The day's low stock, to the owner, at 8 each morning in Bulgaria (keyed by the shop's day, YYYY-MM-DD: decision 0052). */
export const LOW_STOCK_DIGEST = every('mail.owner.low-stock', dailyAt(8));
