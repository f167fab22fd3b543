import type { CheckoutSession, Delivery, InvoiceDetails, Language, PaymentMethod } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { onSale, paidPrice, productName, saleNow } from '../../db/fragments.js';
import { lockShopper } from '../../db/locks.js';
import { dbTimestamp, queryRows } from '../../db/rows.js';
import { orders, users, type OrderDelivery } from '../../db/schema.js';
import { AppError, DependencyError } from '../../lib/errors.js';
import { webPaths } from '../../lib/links.js';
import type { CheckoutOrder, HostedSession, PaymentProvider } from '../../platform/payments/index.js';
import { closePending, removeBoughtCartLines, type ClosedOrder } from '../orders/lifecycle.js';
import { recordEvent } from '../orders/store.js';
import { codeHoldUntil } from '../discounts/apply.js';
import { keepInvoiceRequest } from '../documents/invoice.js';
import { saveInvoiceDetails } from '../documents/service.js';
import { settingsRow } from '../settings/service.js';
import { priceCart } from './quote.js';
import type { CourierGateway } from '../couriers/gateway.js';
import { officeDelivery } from '../couriers/offices.js';
import { deliveryCharge } from '../couriers/pricing.js';
import { accountStanding, holdUntil } from './limits.js';
import {
  cartShortfalls,
  lockVariants,
  OutOfStockError,
  sellUnreserved,
  variantsOfCart,
  variantsOfOrders,
} from '../stock/service.js';

export interface Shopper {
  id: number;
  email: string;
}

export interface CheckoutRequest {
  lang: Language;
  currency: string;
  delivery: Delivery;
  paymentMethod: PaymentMethod;
  saveDelivery: boolean;
  discountCode?: string | undefined;
  /** The courier in use: it prices the delivery and knows the offices and lockers (modules/couriers). */
  courier: CourierGateway;
  /** The company an invoice is asked for (issued at the tax event), and whether to keep it in the profile. */
  invoice?: InvoiceDetails | undefined;
  saveInvoiceDetails?: boolean | undefined;
}

const PlacedRowSchema = z.object({
  id: z.number(),
  created_at: dbTimestamp,
  total_cents: z.number(),
  delivery_cents: z.number(),
  /** Only asked for when the provider needs the lines to open its session. */
  items: z
    .array(
      z.object({
        name: z.string(),
        colorName: z.string(),
        colorNameBg: z.string(),
        size: z.string(),
        unitPriceCents: z.number(),
        quantity: z.number(),
        discountCents: z.number(),
        imageUrl: z.string(),
      }),
    )
    .nullable() satisfies z.ZodType<CheckoutOrder['items'] | null>,
});

/** What a delivery costs and what cash on delivery adds, from the settings (cents), and the code's discount. */
interface Charges {
  deliveryCents: number;
  freeFromCents: number | null;
  codFeeCents: number;
  /** The code and each cart line's share of its discount; null without one. */
  discount: { codeId: number; code: string; shares: { line: number; cents: number }[] } | null;
}

const DELIVERY_LINE: Record<Language, string> = { en: 'Delivery', bg: 'Доставка' };

/** The delivery as the order keeps it: every part present, those that do not apply null. */
export const snapshot = (delivery: Delivery): OrderDelivery => ({
  method: delivery.method,
  name: delivery.name,
  phone: delivery.phone,
  country: delivery.country,
  city: delivery.city,
  postcode: delivery.postcode,
  line1: delivery.method === 'address' ? (delivery.line1 ?? null) : null,
  office: delivery.method === 'office' ? (delivery.office ?? null) : null,
  note: delivery.note || null,
});

/**
 * The shopper's cart at today's database prices (lines of products no longer on sale left out,
 * named in `lang`, else English, else any, with the chosen colour's image) becomes an order with
 * its lines, in one statement: subtotal, delivery (free from the threshold), the cash-on-delivery
 * fee and their total, with its `created` event and, for a card order (`reserve`), its stock
 * reserved (the variants are locked, and the shortfalls checked, before). An empty cart inserts
 * nothing and answers no row. One statement: the stock rows stay locked for fewer round trips.
 */
function insertOrder(
  tx: Tx,
  shopper: Shopper,
  order: {
    status: 'pending' | 'placed';
    paymentMethod: PaymentMethod;
    lang: Language;
    currency: string;
    provider: string;
    /** The built-in page's session, named before the order exists. */
    session: HostedSession | null;
    expiresAt: Date | null;
    confirmationRequired: boolean;
    delivery: OrderDelivery;
    charges: Charges;
    withItems: boolean;
    reserve: boolean;
  },
) {
  const items = order.withItems
    ? sql`(select json_agg(json_build_object('name', ${order.lang === 'bg' ? sql`coalesce(nullif(l.name_bg, ''), l.name)` : sql`l.name`}, 'colorName', l.color_name,
          'colorNameBg', l.color_name_bg, 'size', l.size,
          'unitPriceCents', l.price_cents, 'quantity', l.quantity, 'discountCents', l.discount_cents,
          'imageUrl', l.image_url) order by l.line_id)
        from lines l)`
    : sql`null`;
  const { deliveryCents, freeFromCents, codFeeCents, discount } = order.charges;
  const shares = JSON.stringify(discount?.shares ?? []);
  return queryRows(
    tx,
    PlacedRowSchema,
    sql`
    with lines as (
      select c.id as line_id, c.product_id, c.color_id, c.size, c.quantity, ${paidPrice()} as price_cents, pc.color_name,
        pc.color_name_bg,
        case when p.stock_tracked then c.quantity else 0 end as stock_quantity,
        coalesce(nullif(pc.image_url, ''), p.image_url) as image_url,
        ${productName('en')} as name,
        coalesce((select t.name from product_translations t where t.product_id = p.id and t.language = 'bg'), '') as name_bg,
        coalesce((select (d ->> 'cents')::int from json_array_elements(${shares}::json) d
          where (d ->> 'line')::int = c.id), 0) as discount_cents,
        (${saleNow()} ->> 'prior')::int as prior_price_cents
      from cart_items c
      join products p on p.id = c.product_id
      join product_colors pc on pc.id = c.color_id
      where c.user_id = ${shopper.id} and ${onSale()}
    ),
    sums as (
      select sum(price_cents * quantity)::int as subtotal, sum(discount_cents)::int as discount
      from lines having count(*) > 0
    ),
    charged as (
      select subtotal, discount,
        case when ${freeFromCents}::int is not null and subtotal - discount >= ${freeFromCents}::int then 0
          else ${deliveryCents}::int end as delivery
      from sums
    ),
    placed as (
      insert into orders (user_id, email, status, payment_method, currency, subtotal_cents, discount_cents,
        discount_code, discount_code_id, delivery_cents, cod_fee_cents, total_cents, locale, payment_provider,
        payment_session_id, payment_url, expires_at, delivery, confirmation_required)
      select ${shopper.id}, (select email from users where id = ${shopper.id}), ${order.status}, ${order.paymentMethod}, ${order.currency}, subtotal,
        discount, ${discount?.code ?? null}, ${discount?.codeId ?? null}::int, delivery,
        ${codFeeCents}::int, subtotal - discount + delivery + ${codFeeCents}::int, ${order.lang}, ${order.provider},
        ${order.session?.sessionId ?? null}, ${order.session?.url ?? null}, ${order.expiresAt},
        ${JSON.stringify(order.delivery)}::jsonb, ${order.confirmationRequired}
      from charged
      returning id, created_at, total_cents, delivery_cents
    ),
    placed_items as (
      insert into order_items (order_id, product_id, color_id, name, name_bg, color_name, color_name_bg, size,
        unit_price_cents, quantity, discount_cents, prior_price_cents, image_url, stock_quantity)
      select placed.id, l.product_id, l.color_id, l.name, l.name_bg, l.color_name, l.color_name_bg, l.size, l.price_cents,
        l.quantity, l.discount_cents, case when l.prior_price_cents > l.price_cents then l.prior_price_cents end,
        l.image_url, l.stock_quantity
      from placed cross join lines l
      order by l.line_id
    ),
    created as (
      insert into order_events (order_id, type) select id, 'created' from placed
    )${
      order.reserve
        ? sql`,
    reserved as (
      update product_stock ps set reserved = ps.reserved + held.quantity, updated_at = now()
      from (select color_id, size, sum(stock_quantity)::int as quantity from lines
            where stock_quantity > 0 and exists (select 1 from placed)
            group by color_id, size) held
      where ps.color_id = held.color_id and ps.size = held.size
    )`
        : sql``
    }
    select placed.id, placed.created_at, placed.total_cents,
      placed.delivery_cents, ${items} as items
    from placed`,
  );
}

/**
 * Cancels the shopper's earlier checkout (its order rows locked) and gives back its stock. Every
 * stock row the new checkout touches, the earlier one's and the cart's, is locked first, at once,
 * in the one fixed order: releasing first and locking the cart's after could wait in a circle.
 */
async function cancelEarlier(tx: Tx, userId: number, earlier: { id: number }[]): Promise<ClosedOrder[]> {
  await lockVariants(tx, sql`${variantsOfCart(userId)} union ${variantsOfOrders(earlier.map((order) => order.id))}`);
  return closePending(tx, { shopper: userId }, 'cancel');
}

const invalid = (field: string, message: string) => new AppError('VALIDATION_ERROR', message, { [field]: message });

/**
 * Builds an order from the server-side cart (whatever the client sent), for the delivery and
 * payment method asked (docs/decisions/0022).
 *
 * - **Card:** a pending order whose stock is reserved, and a hosted payment session for its total
 *   (the delivery as a line of its own). The cart stays until the payment is confirmed.
 * - **Cash on delivery:** the order is placed at once: its stock is taken, the bought cart lines
 *   go, and the confirmation mail is the caller's to send.
 *
 * One open checkout per shopper (a unique index says so): the shopper's earlier pending order is
 * cancelled and its stock released first, so a checkout opened in a second tab never lets the
 * same cart be paid twice; the new checkout keeps the earlier one's expiry (checking out again
 * never holds stock longer). The account's limits (docs/decisions/0031) are checked before any
 * stock row is locked: open cash-on-delivery orders, units per colour and size. The shopper's checkouts and payments take turns (`lockShopper`); then
 * order rows are locked, then every stock row this checkout touches, at once, in one order.
 * Lines above what is left: 409 OUT_OF_STOCK with the lines, and nothing changes.
 *
 * The built-in page's session is named before the order exists; Stripe names its own, so its
 * session is asked for once the order is written, then stored on the order.
 */
export async function createCheckout(
  db: Db,
  provider: PaymentProvider,
  shopper: Shopper,
  request: CheckoutRequest,
): Promise<CheckoutSession> {
  const cod = request.paymentMethod === 'cod';
  if (!cod && !provider.takesNewPayments)
    throw invalid('paymentMethod', 'Card payments are switched off: choose cash on delivery.');
  const reserved = cod ? null : (provider.reserveSession?.() ?? null);
  const expiresAt = cod ? null : new Date(Date.now() + provider.sessionLifetimeMs);
  // The office or locker chosen (an unknown or closed one: 400 on delivery.officeId) and the
  // delivery's price, the courier's calculation asked before any transaction.
  const charge = await deliveryCharge(db, request.courier, {
    method: request.delivery.method,
    officeId: request.delivery.method === 'office' ? request.delivery.officeId : undefined,
    city: request.delivery.city,
    postcode: request.delivery.postcode,
  });
  const delivery = officeDelivery(snapshot(request.delivery), charge.office, request.lang);
  // The earlier checkout this one replaces is cancelled with it: its session closes after commit (an effect).
  const placed = await db.transaction(async (tx) => {
    const settings = await settingsRow(tx);
    if (cod && !settings.codEnabled) throw invalid('paymentMethod', 'Cash on delivery is not available.');
    await lockShopper(tx, shopper.id);
    // Before any stock row is locked: they stay locked for as few round trips as can be.
    if (request.saveDelivery) await tx.update(users).set({ delivery }).where(eq(users.id, shopper.id));
    if (request.invoice && request.saveInvoiceDetails) await saveInvoiceDetails(tx, shopper.id, request.invoice);
    const { earlier, confirmationRequired } = await accountStanding(tx, shopper.id, settings, {
      cod,
      lang: request.lang,
    });
    if (earlier.length > 0) await cancelEarlier(tx, shopper.id, earlier);
    // Locks the cart's stock rows (when no earlier checkout did) and reads what is left.
    const shortfalls = await cartShortfalls(tx, shopper.id);
    // Nothing is reserved, and the earlier checkout stays as it was (the transaction is undone).
    if (shortfalls.length > 0) throw new OutOfStockError(shortfalls);
    // The earlier checkout's use of a code is back; the code's row stays locked until the order holds its use.
    const priced = request.discountCode
      ? await priceCart(tx, shopper.id, settings, {
          deliveryMethod: delivery.method,
          deliveryCents: charge.cents,
          cod,
          discountCode: request.discountCode,
          phone: delivery.phone,
          lock: true,
        })
      : null;
    const held = expiresAt && holdUntil(earlier, expiresAt);
    const [row] = await insertOrder(tx, shopper, {
      status: cod ? 'placed' : 'pending',
      paymentMethod: request.paymentMethod,
      lang: request.lang,
      currency: request.currency,
      provider: provider.name,
      session: reserved,
      expiresAt: held && priced?.code ? await codeHoldUntil(tx, shopper.id, priced.code.id, held) : held,
      confirmationRequired,
      delivery,
      charges: {
        deliveryCents: priced?.deliveryPriceCents ?? charge.cents,
        freeFromCents: settings.freeDeliveryFromCents,
        codFeeCents: cod ? settings.codFeeCents : 0,
        discount: priced?.code
          ? {
              codeId: priced.code.id,
              code: priced.code.code,
              shares: priced.lines.map((line, index) => ({ line: line.lineId, cents: priced.shares[index]! })),
            }
          : null,
      },
      withItems: !cod && !reserved,
      reserve: !cod,
    });
    if (!row) throw new AppError('CART_EMPTY', 'Your cart is empty!');
    if (request.invoice) await keepInvoiceRequest(tx, row.id, request.invoice);
    if (cod) {
      await sellUnreserved(tx, row.id);
      await removeBoughtCartLines(tx, { id: row.id, userId: shopper.id });
      await recordEvent(tx, row.id, 'placed');
    }
    return row;
  });
  if (cod) return { orderId: placed.id, sessionId: null, url: webPaths.orderPlaced(placed.id) };
  if (reserved) return { orderId: placed.id, ...reserved };

  let session: HostedSession;
  try {
    const items = placed.items ?? [];
    if (placed.delivery_cents > 0) {
      items.push({
        name: DELIVERY_LINE[request.lang],
        colorName: '',
        colorNameBg: '',
        size: '',
        unitPriceCents: placed.delivery_cents,
        quantity: 1,
        discountCents: 0,
        imageUrl: '',
      });
    }
    session = await provider.createSession({
      id: placed.id,
      createdAt: placed.created_at,
      currency: request.currency,
      totalCents: placed.total_cents,
      locale: request.lang,
      email: shopper.email,
      // The session's own lifetime (Stripe's is at least 30 minutes); a checkout that kept an
      // earlier hold lapses sooner, and the minute sweep then closes the session too.
      expiresAt: expiresAt!,
      items,
    });
  } catch (error) {
    // No session, nothing to pay: the order never existed as far as the shopper is concerned.
    await db.transaction(async (tx) => {
      await closePending(tx, [placed.id], 'cancel');
      await tx.delete(orders).where(eq(orders.id, placed.id));
    });
    throw new PaymentProviderError(error);
  }
  await db
    .update(orders)
    .set({ paymentSessionId: session.sessionId, paymentUrl: session.url })
    .where(eq(orders.id, placed.id));
  return { orderId: placed.id, ...session };
}

/** The provider could not open a session; the cause is logged, the shopper is told to try again later. */
export class PaymentProviderError extends DependencyError {
  constructor(override readonly cause: unknown) {
    super('payments', 'The payment provider is not available right now. Please try again later.');
  }
}
