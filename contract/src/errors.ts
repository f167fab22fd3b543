import { z } from 'zod';

/** Machine codes of error bodies. The message beside them is for people. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** Undo of an import refused: a later edit touched one of its products (issue 52). */
  'IMPORT_SUPERSEDED',
  /** Apply of an import whose dry run found errors: fix the file and upload it again. */
  'IMPORT_HAS_ERRORS',
  'EMAIL_TAKEN',
  'EMAIL_NOT_VERIFIED',
  'INVALID_CODE',
  'CODE_EXPIRED',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'WEAK_PASSWORD',
  'MAX_QUANTITY',
  'OUT_OF_STOCK',
  'IN_STOCK',
  'CART_EMPTY',
  'TOO_MANY_OPEN_ORDERS',
  'QUANTITY_LIMIT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'PAYMENT_DECLINED',
  'SESSION_CLOSED',
  'ROOT_PROTECTED',
  // Making, unmaking or deleting an admin is the root admin's alone: 403.
  'ROOT_ADMIN_ONLY',
  'INVALID_TRANSITION',
  'ALREADY_WITHDRAWN',
  'WITHDRAWAL_PERIOD_OVER',
  // A hygiene-sealed item whose seal was broken after delivery: the withdrawal does not apply to it (409).
  'SEAL_BROKEN',
  'SIZE_IN_USE',
  'SIZE_RESERVED',
  // A colour has MAX_COLOR_IMAGES images already (TRADE.md section 5): 409.
  'TOO_MANY_IMAGES',
  // The monthly audit file (TRADE.md section 2): the first three 409, NOTHING_TO_FILE 404. TEST_PAYMENTS
  // (YEAR.md section 1): a production shop taking test payments files nothing, and a test payment has no invoice.
  'TEST_PAYMENTS',
  'RECORDS_SETTINGS_MISSING',
  'CURRENCY_NOT_EUR',
  'NOTHING_TO_FILE',
  'TIMEOUT',
  // Discount codes (TRADE.md section 4): CODE_NOT_FOUND is a 404, the other three 409.
  'CODE_NOT_FOUND',
  'CODE_USED_UP',
  'CODE_MIN_SUBTOTAL',
  'CODE_ALREADY_USED',
  // Reviews from buyers (TRADE.md section 5): NOT_A_BUYER is a 403, ALREADY_REVIEWED a 409.
  'NOT_A_BUYER',
  'ALREADY_REVIEWED',
  // Invoices (TRADE.md section 3): an order has one invoice, issued or requested: 409.
  'INVOICE_EXISTS',
  // The courier did not answer or refused the parcel (TRADE.md section 6): 502, nothing half-done.
  'COURIER_UNAVAILABLE',
  // Gift cards (YEAR.md section 3): GIFT_CARD_NOT_FOUND is a 404, the other two 409 (a voided card is empty).
  'GIFT_CARD_NOT_FOUND',
  'GIFT_CARD_EXPIRED',
  'GIFT_CARD_EMPTY',
  // Returns (YEAR.md section 2): 409 each (OUT_OF_STOCK above: an exchange's size or colour is gone).
  'RETURN_WINDOW_OVER',
  'NOTHING_TO_RETURN',
  'FINAL_SALE',
  // Complaints (YEAR.md section 6): the line's guarantee has ended, or the complaint was decided or its repair marked already: 409.
  'GUARANTEE_OVER',
  'COMPLAINT_DECIDED',
  'ALREADY_REPAIRED',
  // Recalls (YEAR.md section 6): the same notice (title) of the product is published already: 409.
  'RECALL_EXISTS',
  // A closed recall is not edited nor closed again (decision 0064): 409.
  'RECALL_CLOSED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /**
   * OUT_OF_STOCK at checkout: the cart lines above what is left, with what is left. QUANTITY_LIMIT:
   * the lines above the units one order may take of a colour and size, with that limit.
   */
  lines: z.array(z.object({ cartItemId: z.number(), available: z.number() })).optional(),
  /** OUT_OF_STOCK on a cart change: how many of the colour and size are left (0: sold out). */
  available: z.number().optional(),
  /** SIZE_IN_USE on a product edit: each size to remove, with how many carts and wishlists hold it. */
  sizes: z.array(z.object({ size: z.string(), carts: z.number(), wishlists: z.number() })).optional(),
  /**
   * CODE_MIN_SUBTOTAL: how much more of goods the discount code needs; INVALID_TRANSITION of a
   * refund above what is left: what can still be refunded. In the shop currency, as every amount.
   */
  remaining: z.number().optional(),
  /** CODE_NOT_FOUND of a discount code whose end has passed: when it ended (ISO 8601). */
  expiredAt: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const MessageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof MessageSchema>;

export const SuccessSchema = z.object({ success: z.literal(true) });
