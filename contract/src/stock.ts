import { z } from 'zod';
import { IdSchema, RefIdSchema, SizeSchema } from './common.js';
import { StockEntrySchema } from './catalog.js';

/** Most units of one colour and size an owner can record. */
export const STOCK_MAX = 1_000_000;
/** "Only N left" from this many down. */
export const LOW_STOCK = 3;

/** `PUT /api/products/{id}/stock`: whether stock is counted, and what is on hand per colour and size. */
export const UpdateStockBodySchema = z.object({
  stockTracked: z.boolean({ message: 'Say whether stock is tracked.' }),
  stock: z
    .array(
      z.object({
        colorId: RefIdSchema,
        size: SizeSchema,
        onHand: z
          .number({ message: `On hand is a whole number from 0 to ${STOCK_MAX}.` })
          .int(`On hand is a whole number from 0 to ${STOCK_MAX}.`)
          .min(0, `On hand is a whole number from 0 to ${STOCK_MAX}.`)
          .max(STOCK_MAX, `On hand is a whole number from 0 to ${STOCK_MAX}.`),
      }),
    )
    .max(200)
    .default([]),
});
export type UpdateStockBody = z.input<typeof UpdateStockBodySchema>;
export type UpdateStock = z.output<typeof UpdateStockBodySchema>;

export const UpdateStockResponseSchema = z.object({ success: z.literal(true), stock: z.array(StockEntrySchema) });

/** `POST /api/stock-alerts`: tell me when this colour and size is back. */
export const CreateStockAlertBodySchema = z.object({ productId: RefIdSchema, colorId: RefIdSchema, size: SizeSchema });
export type CreateStockAlertBody = z.input<typeof CreateStockAlertBodySchema>;

export const StockAlertSchema = z.object({
  id: z.number(),
  productId: z.number(),
  colorId: z.number(),
  size: SizeSchema,
  /** The product's name in the request's language, its colour and picture, as the alert was made. */
  name: z.string(),
  colorName: z.string(),
  colorNameBg: z.string(),
  imageUrl: z.string(),
  createdAt: z.string(),
});
export type StockAlert = z.infer<typeof StockAlertSchema>;

export const StockAlertParamsSchema = z.object({ id: IdSchema });
