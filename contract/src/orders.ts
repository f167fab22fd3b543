import { z } from 'zod';
import { multilineText, text } from './text.js';
import {
  DELIVERY_COUNTRIES,
  DELIVERY_METHODS,
  FULFILMENT_STATUSES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_PROVIDERS,
} from './constants.js';
import { money, Money } from './money-codec.js';
import { IdSchema } from './common.js';
import { COURIERS, OFFICE_KINDS } from './couriers.js';
import { OrderDiscountSchema } from './discounts.js';
import { InvoiceDetailsSchema } from './invoices.js';
import { AppliedGiftCardSchema, GiftCardCodesSchema } from './gift-cards.js';

const required = (message: string, max: number) => text({ message }).trim().min(1, message).max(max, message);

/** Where an order goes (docs/decisions/0022): a street address, or a courier office the shopper names. */
export const DeliverySchema = z
  .object({
    method: z.enum(DELIVERY_METHODS, { message: 'Choose delivery to an address or to a courier office.' }),
    name: required('Enter the name of the person who receives the parcel.', 100),
    phone: z
      .string({ message: 'Enter a phone number the courier can call.' })
      .trim()
      .regex(/^\+?[\d\s()-]{6,32}$/, 'Enter a phone number the courier can call.'),
    country: z.enum(DELIVERY_COUNTRIES, { message: 'Choose a country of the European Union.' }).default('BG'),
    city: required('Enter the city.', 100),
    postcode: z
      .string({ message: 'Enter the postcode.' })
      .trim()
      .regex(/^[A-Za-z0-9 -]{3,10}$/, 'Enter a valid postcode.'),
    line1: text().trim().max(200, 'The address has at most 200 characters.').optional(),
    office: text().trim().max(200, 'The office has at most 200 characters.').optional(),
    /** The office or locker chosen from the courier's list (`GET /api/couriers/offices`); `office` is then its name and address. */
    officeId: z
      .number('Choose an office or locker from the list.')
      .int('Choose an office or locker from the list.')
      .positive('Choose an office or locker from the list.')
      .optional(),
    note: multilineText().trim().max(500, 'The note has at most 500 characters.').optional(),
  })
  .superRefine((delivery, ctx) => {
    if (delivery.method === 'address' && !delivery.line1)
      ctx.addIssue({ code: 'custom', path: ['line1'], message: 'Enter the street address.' });
    if (delivery.method === 'office' && !delivery.office && !delivery.officeId)
      ctx.addIssue({ code: 'custom', path: ['office'], message: 'Name the courier office.' });
  });
export type Delivery = z.output<typeof DeliverySchema>;
export type DeliveryInput = z.input<typeof DeliverySchema>;

/**
 * `POST /checkout/session`: where the order goes and how it is paid (`card` by default). The
 * spec's `userId` and `items` are still accepted and ignored: the order is built from the server
 * cart. `saveDelivery` keeps the details in the profile for next time.
 */
export const CheckoutBodySchema = z.object({
  delivery: DeliverySchema,
  paymentMethod: z.enum(PAYMENT_METHODS, { message: 'Choose card or cash on delivery.' }).default('card'),
  saveDelivery: z.boolean().optional(),
  /** A discount code (TRADE.md section 4): refused as the quote refuses it. */
  discountCode: text().trim().max(64, 'A code has at most 32 characters.').optional(),
  /** Gift cards to pay with, after any discount, and the account's store credit (YEAR.md section 3). */
  giftCards: GiftCardCodesSchema.optional(),
  useStoreCredit: z.boolean().optional(),
  /** An invoice for a company (TRADE.md section 3): issued at the tax event; bad fields 400 `invoice.<field>`. */
  invoice: InvoiceDetailsSchema.optional(),
  /** Keep `invoice` in the profile for the next checkout. */
  saveInvoiceDetails: z.boolean().optional(),
  userId: z.unknown().optional(),
  items: z.unknown().optional(),
});
export type CheckoutBody = z.input<typeof CheckoutBodySchema>;

/** Card: the provider's session to go to; cash on delivery: no session, the result page. */
export const CheckoutSessionSchema = z.object({
  orderId: z.number(),
  sessionId: z.string().nullable(),
  url: z.string(),
  /**
   * Where `url` leads: the provider's `payment` page, or the order's `confirmation` (cash on
   * delivery, placed; nothing to pay, paid at once with no provider page).
   */
  next: z.enum(['payment', 'confirmation']),
});
export type CheckoutSession = z.infer<typeof CheckoutSessionSchema>;

/** What the checkout page needs to label its pay button and format money. */
export const CheckoutInfoSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** False when the shop takes no card payments (PAYMENTS=off): the checkout offers cash on delivery only. */
  cardPayments: z.boolean(),
  currency: z.string(),
});
export type CheckoutInfo = z.infer<typeof CheckoutInfoSchema>;

export const OrderItemSchema = z.object({
  /** The line's own id (the withdrawal form names lines by it). */
  id: z.number(),
  productId: z.number(),
  /** The product's English name at checkout (itemNameIn picks the page's language). */
  name: z.string(),
  /** Its Bulgarian name at checkout; '' when it had none. */
  nameBg: z.string(),
  colorName: z.string(),
  /** The colour's Bulgarian name at checkout; '' when it had none. */
  colorNameBg: z.string(),
  size: z.string(),
  unitPrice: Money,
  quantity: z.number(),
  /** The line's share of the order's discount: the line cost unitPrice × quantity − discount (the API always sends it; absent: 0). */
  discount: Money.optional(),
  /** Bought on sale: the prior price (the 30-day lowest) the sale was announced against; null otherwise. */
  priorPrice: Money.nullable().optional(),
  imageUrl: z.string(),
  /** Units of the line refunded by lines so far (the API always sends it; absent: 0). */
  refundedQuantity: z.number().optional(),
  /**
   * When the line's legal guarantee ends (two years from delivery, 12 months more after a completed
   * repair: contract/complaints.ts); null until delivered. The API always sends it.
   */
  guaranteeEndsAt: z.string().nullable().optional(),
  /**
   * The product is sealed for hygiene (as it is now): once delivered, withdrawing from the line asks
   * whether its seal is intact. Sent only when true.
   */
  hygieneSealed: z.boolean().optional(),
});

export const ORDER_EVENT_TYPES = [
  'created',
  'placed',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'expired',
  'failed',
  'refunded',
  'withdrawal',
  'returned',
  'confirmed',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** Delivery details as orders (and a shopper's saved details) keep them: parts that do not apply are null. */
export const SavedDeliverySchema = z.object({
  method: z.enum(DELIVERY_METHODS),
  name: z.string(),
  phone: z.string(),
  country: z.string(),
  city: z.string(),
  postcode: z.string(),
  line1: z.string().nullable(),
  office: z.string().nullable(),
  note: z.string().nullable(),
  /** The office or locker chosen from the list and its courier (docs/decisions/0044); absent or null when typed by hand. */
  officeId: z.number().nullable().optional(),
  courier: z.enum(COURIERS).nullable().optional(),
  /** Whether the one chosen from the list is a staffed office or a parcel locker (the mails say which). */
  officeKind: z.enum(OFFICE_KINDS).nullable().optional(),
});
export type SavedDelivery = z.infer<typeof SavedDeliverySchema>;

export const OrderSchema = z.object({
  id: z.number(),
  /** What shoppers read and type for the order (12 hexadecimal characters, random); `id` stays internal. */
  reference: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  fulfilment: z.enum(FULFILMENT_STATUSES),
  subtotal: Money,
  /** The code used and what it took off the goods (spread over their lines), or null (the API always sends it). */
  discount: OrderDiscountSchema.nullable().optional(),
  deliveryCost: Money,
  codFee: Money,
  total: Money,
  refunded: Money,
  /** What gift cards (their last four) and store credit paid, and what was left to pay (the API always sends them). */
  giftCards: z.array(AppliedGiftCardSchema).optional(),
  storeCredit: Money.optional(),
  amountDue: Money.optional(),
  currency: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Paid by card on the built-in test payment page: no money moved (shown as TEST PAYMENT). */
  testPayment: z.boolean(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** Until when a pending card checkout can still be paid, and where ("Continue payment"). */
  expiresAt: z.string().nullable(),
  paymentUrl: z.string().nullable(),
  /** A cash-on-delivery order of a new account that waits for the owner's confirmation before it ships. */
  confirmationRequired: z.boolean(),
  confirmedAt: z.string().nullable(),
  delivery: SavedDeliverySchema.nullable(),
  /** `labelUrl` (admin answers only, a courier's label made): the label's PDF, `GET` with the admin's token. */
  tracking: z
    .object({
      carrier: z.string(),
      number: z.string(),
      url: z.string().nullable(),
      labelUrl: z.string().nullable().optional(),
    })
    .nullable(),
  withdrawal: z
    .object({
      submittedAt: z.string(),
      items: z.array(z.object({ orderItemId: z.number(), quantity: z.number() })).optional(),
      reason: z.string().nullable().optional(),
      /** When its refund is due at the latest (14 days from the notice; the API always sends it). */
      refundDueAt: z.string().optional(),
    })
    .nullable(),
  items: z.array(OrderItemSchema),
  /** An invoice was asked for (issued at the tax event, or already): TRADE.md section 3. */
  invoiceRequested: z.boolean().optional(),
  /** An exchange order (total 0, YEAR.md section 2): the id of the order whose return it exchanges; null otherwise. */
  exchangeOf: z.number().nullable().optional(),
  /** The reference of the order `exchangeOf` names (its page names it), null otherwise; one order's read only. */
  exchangeOfReference: z.string().nullable().optional(),
  /** The exchange orders made for this order's returns, oldest first (each page links the other); one order's read only. */
  exchangeOrders: z.array(z.object({ id: z.number(), reference: z.string() })).optional(),
  /** The order's timeline; a `refunded` event carries the amount of that refund. */
  events: z.array(z.object({ type: z.enum(ORDER_EVENT_TYPES), at: z.string(), amount: Money.optional() })),
});
export type Order = z.infer<typeof OrderSchema>;

/** An order as the admin sees it: with its customer (null once the account is deleted). */
export const AdminOrderSchema = OrderSchema.extend({
  customer: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const ADMIN_ORDERS_PAGE_MAX = 100;

const page = (max: number, label: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,5}$/, `${label} is a whole number from 1 to ${max}.`)
    .transform(Number)
    .pipe(z.number().max(max, `${label} is a whole number from 1 to ${max}.`));

export const AdminOrdersQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  fulfilment: z.enum(FULFILMENT_STATUSES).optional(),
  withdrawal: z.literal('requested').optional(),
  /** `due`: orders to ship (paid or placed, unfulfilled, not awaiting the owner's confirmation). */
  ship: z.literal('due').optional(),
  q: text().trim().max(100).optional(),
  page: page(100_000, 'The page').default(1),
  limit: page(ADMIN_ORDERS_PAGE_MAX, 'The page size').default(20),
});
export type AdminOrdersQuery = z.input<typeof AdminOrdersQuerySchema>;

export const AdminOrdersResponseSchema = z.object({
  data: z.array(AdminOrderSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type AdminOrdersResponse = z.infer<typeof AdminOrdersResponseSchema>;

export const ShipOrderBodySchema = z.object({
  carrier: required('Name the carrier.', 60),
  trackingNumber: required('Enter the tracking number.', 100),
  trackingUrl: z
    .url({ protocol: /^https?$/, message: 'The tracking link must be an http(s) address.' })
    .max(500)
    .optional(),
});
export type ShipOrderBody = z.input<typeof ShipOrderBodySchema>;

export const CancelOrderBodySchema = z.object({ reason: multilineText().trim().max(500).optional() }).default({});
/** A line a refund gives back: the order line's id and how many of its units (decision 0060). */
export const RefundLineSchema = z.object({
  orderItemId: z.number({ message: 'Name the order line.' }).int().positive(),
  quantity: z.number({ message: 'The quantity must be a whole number of 1 or more.' }).int().min(1).max(10_000),
});
export type RefundLineInput = z.infer<typeof RefundLineSchema>;

/**
 * What units `from` up to `to` (of `quantity`) of a line are worth, in cents: the line's paid
 * value (unit price × quantity − its discount) shared so that all its units add up to it to the
 * cent, in whatever order they are refunded (decision 0060; the API and the refund dialog).
 */
export const refundUnitsCents = (valueCents: number, quantity: number, from: number, to: number): number =>
  Math.round((valueCents * to) / quantity) - Math.round((valueCents * from) / quantity);

/**
 * A refund: its amount, and optionally the lines it gives back (each line once; the amount is what
 * the owner refunds, which may differ from the lines' value: a deduction, or delivery besides).
 */
export const RefundOrderBodySchema = z.object({
  amount: money({ min: 1, max: 100_000_000, message: 'The amount must be more than 0, in whole cents.' }),
  lines: z
    .array(RefundLineSchema)
    .min(1, 'Name at least one line, or leave the lines out.')
    .max(100)
    .refine((lines) => new Set(lines.map((line) => line.orderItemId)).size === lines.length, {
      message: 'Each line at most once.',
    })
    .optional(),
});
export const ReturnOrderBodySchema = z.object({ restock: z.boolean({ message: 'Say whether to restock.' }) });

const EXPORT_DAY_MESSAGE = 'A day from 2000-01-01 to 9999-12-31, as YYYY-MM-DD.';
const exportDay = z.iso
  .date(EXPORT_DAY_MESSAGE)
  .refine((day) => day >= '2000-01-01', EXPORT_DAY_MESSAGE)
  .optional();

/** `?from=&to=` of the CSV export: days, both included (years the database reads; from ≤ to). */
export const OrdersExportQuerySchema = z
  /** `lang`: the spreadsheet's language (its separator and decimal mark); else the request's. */
  .object({ from: exportDay, to: exportDay, lang: z.string().max(5).optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: 'The first day comes before the last.',
    path: ['to'],
  });

export const StatsQuerySchema = z.object({
  days: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, 'Days is a whole number from 1 to 365.')
    .transform(Number)
    .pipe(z.number().max(365, 'Days is a whole number from 1 to 365.'))
    .default(30),
});

export const StatsSchema = z.object({
  days: z.array(z.object({ date: z.string(), orders: z.number(), revenue: Money })),
  totals: z.object({ orders: z.number(), revenue: Money, averageOrder: Money }),
  /** Best sellers: the English name and the Bulgarian one ('' when none; itemNameIn picks). */
  topProducts: z.array(
    z.object({ productId: z.number(), name: z.string(), nameBg: z.string(), quantity: z.number(), revenue: Money }),
  ),
  lowStock: z.array(
    z.object({
      productId: z.number(),
      /** The product's name in English and in Bulgarian (the English one when it has none). */
      name: z.string(),
      nameBg: z.string(),
      colorName: z.string(),
      colorNameBg: z.string(),
      size: z.string(),
      available: z.number(),
    }),
  ),
  /** Orders paid or placed, not shipped, not awaiting the owner's confirmation: the orders list's `?ship=due`. */
  toShip: z.number(),
  /** The discount codes the period's sales used most, with their orders and what they took off. */
  discountCodes: z.array(z.object({ code: z.string(), orders: z.number(), amount: Money })),
});
export type Stats = z.infer<typeof StatsSchema>;

export const OrderParamsSchema = z.object({ id: IdSchema });

export const SessionParamsSchema = z.object({ sessionId: text().min(1).max(200) });
