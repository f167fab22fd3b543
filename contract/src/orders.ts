import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_PROVIDERS } from './constants.js';

/** userId and items are the spec's client habit; the order is built from the server cart. */
export const CheckoutBodySchema = z
  .object({ userId: z.unknown().optional(), items: z.unknown().optional() })
  .default({});

export const CheckoutSessionSchema = z.object({ sessionId: z.string(), url: z.string() });
export type CheckoutSession = z.infer<typeof CheckoutSessionSchema>;

/** What the checkout page needs to label its pay button and format money. */
export const CheckoutInfoSchema = z.object({ provider: z.enum(PAYMENT_PROVIDERS), currency: z.string() });
export type CheckoutInfo = z.infer<typeof CheckoutInfoSchema>;

export const OrderItemSchema = z.object({
  productId: z.number(),
  name: z.string(),
  colorName: z.string(),
  size: z.string(),
  unitPrice: z.number(),
  quantity: z.number(),
  imageUrl: z.string(),
});

export const OrderSchema = z.object({
  id: z.number(),
  status: z.enum(ORDER_STATUSES),
  total: z.number(),
  currency: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  items: z.array(OrderItemSchema),
});
export type Order = z.infer<typeof OrderSchema>;

export const SessionParamsSchema = z.object({ sessionId: z.string().min(1).max(200) });
