import type { Language, PaymentMethod } from '@shop/contract';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { intArray, onSale, paidPrice, productName, saleNow } from '../../db/fragments.js';
import { preparedRows } from '../../db/prepared.js';
import { dbTimestamp } from '../../db/rows.js';
import type { OrderDelivery } from '../../db/schema.js';
import type { CheckoutOrder, HostedSession } from '../../platform/payments/index.js';
import { heldSql } from '../stock/service.js';

/** A checkout's order, written in one statement (checkout/service.ts builds its request). */

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
export interface Charges {
  deliveryCents: number;
  freeFromCents: number | null;
  codFeeCents: number;
  /** The code and each cart line's share of its discount; null without one. */
  discount: { codeId: number; code: string; shares: { line: number; cents: number }[] } | null;
}

/**
 * The shopper's cart at today's database prices (lines of products no longer on sale left out,
 * named in `lang`, else English, else any, with the chosen colour's image) becomes an order with
 * its lines, in one statement: subtotal, delivery (free from the threshold), the cash-on-delivery
 * fee and their total, with its `created` event and its stock reserved (a card order: `reserve`)
 * or sold (an order placed at once: `sell`; the variants are locked, and the shortfalls checked, before). An empty cart inserts
 * nothing and answers no row. One statement: the stock rows stay locked for fewer round trips.
 */
export function insertOrder(
  tx: Tx,
  shopper: { id: number },
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
    stock: Stock;
    /** The earlier checkouts this one replaced (closed with `stockBack`): what they reserved goes back here. */
    release: number[];
  },
) {
  const { deliveryCents, freeFromCents, codFeeCents, discount } = order.charges;
  // One statement of twelve variants (reserving or selling, with the lines in English, in Bulgarian,
  // or none, giving back an earlier checkout's reservation or not).
  const items = order.withItems ? order.lang : 'none';
  const release = order.release.length > 0;
  return preparedRows(
    tx,
    PlacedRowSchema,
    `insert_order_${order.stock}_${items}${release ? '_release' : ''}`,
    ($) => placing($, { items, stock: order.stock, release }),
    {
      userId: shopper.id,
      status: order.status,
      paymentMethod: order.paymentMethod,
      currency: order.currency,
      discountCode: discount?.code ?? null,
      discountCodeId: discount?.codeId ?? null,
      freeFromCents,
      deliveryCents,
      codFeeCents,
      lang: order.lang,
      provider: order.provider,
      sessionId: order.session?.sessionId ?? null,
      url: order.session?.url ?? null,
      expiresAt: order.expiresAt,
      delivery: JSON.stringify(order.delivery),
      confirmationRequired: order.confirmationRequired,
      shares: JSON.stringify(discount?.shares ?? []),
      released: intArray(order.release),
    },
  );
}

type PlacingValues = Record<
  | 'userId'
  | 'status'
  | 'paymentMethod'
  | 'currency'
  | 'discountCode'
  | 'discountCodeId'
  | 'freeFromCents'
  | 'deliveryCents'
  | 'codFeeCents'
  | 'lang'
  | 'provider'
  | 'sessionId'
  | 'url'
  | 'expiresAt'
  | 'delivery'
  | 'confirmationRequired'
  | 'shares'
  | 'released',
  Placeholder
>;

/** insertOrder's statement, its values as placeholders (`$`): built once per variant (db/prepared.ts). */
function placing($: PlacingValues, variant: { items: Language | 'none'; stock: Stock; release: boolean }): SQL {
  const items =
    variant.items !== 'none'
      ? sql`(select json_agg(json_build_object('name', ${variant.items === 'bg' ? sql`coalesce(nullif(l.name_bg, ''), l.name)` : sql`l.name`}, 'colorName', l.color_name,
          'colorNameBg', l.color_name_bg, 'size', l.size,
          'unitPriceCents', l.price_cents, 'quantity', l.quantity, 'discountCents', l.discount_cents,
          'imageUrl', l.image_url) order by l.line_id)
        from lines l)`
      : sql`null`;
  return sql`
    with lines as (
      select c.id as line_id, c.product_id, c.color_id, c.size, c.quantity, ${paidPrice()} as price_cents, pc.color_name,
        pc.color_name_bg,
        case when p.stock_tracked then c.quantity else 0 end as stock_quantity,
        coalesce(nullif(pc.image_url, ''), p.image_url) as image_url,
        ${productName('en')} as name,
        coalesce((select t.name from product_translations t where t.product_id = p.id and t.language = 'bg'), '') as name_bg,
        coalesce((select (d ->> 'cents')::int from json_array_elements(${$.shares}::json) d
          where (d ->> 'line')::int = c.id), 0) as discount_cents,
        (${saleNow()} ->> 'prior')::int as prior_price_cents
      from cart_items c
      join products p on p.id = c.product_id
      join product_colors pc on pc.id = c.color_id
      where c.user_id = ${$.userId} and ${onSale()}
    ),
    sums as (
      select sum(price_cents * quantity)::int as subtotal, sum(discount_cents)::int as discount
      from lines having count(*) > 0
    ),
    charged as (
      select subtotal, discount,
        case when ${$.freeFromCents}::int is not null and subtotal - discount >= ${$.freeFromCents}::int then 0
          else ${$.deliveryCents}::int end as delivery
      from sums
    ),
    placed as (
      insert into orders (user_id, email, status, payment_method, currency, subtotal_cents, discount_cents,
        discount_code, discount_code_id, delivery_cents, cod_fee_cents, total_cents, locale, payment_provider,
        payment_session_id, payment_url, expires_at, delivery, confirmation_required)
      select ${$.userId}, (select email from users where id = ${$.userId}), ${$.status}, ${$.paymentMethod}, ${$.currency}, subtotal,
        discount, ${$.discountCode}, ${$.discountCodeId}::int, delivery,
        ${$.codFeeCents}::int, subtotal - discount + delivery + ${$.codFeeCents}::int, ${$.lang}, ${$.provider},
        ${$.sessionId}, ${$.url}, ${$.expiresAt},
        ${$.delivery}::jsonb, ${$.confirmationRequired}
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
    )${stockWritten($, variant)}
    select placed.id, placed.created_at, placed.total_cents,
      placed.delivery_cents, ${items} as items
    from placed`;
}

/**
 * What the order's stock becomes in its statement: reserved until the payment (`reserve`), or
 * sold at once (`sell`: an order placed at once, cash on delivery; what is left is taken, never
 * below 0, as `sellUnreserved` takes it).
 */
type Stock = 'reserve' | 'sell';

/**
 * What the order's statement writes of stock: its lines' reserved or sold (once placed), and
 * what the checkouts it replaced reserved goes back (`release`: their rows were locked, and their
 * hold counted as available, by `cartShortfalls`), in one update of each variant (decisions 0091
 * and 0099: a sale took two statements more, a second lock of the same rows and its update).
 */
function stockWritten($: PlacingValues, { stock, release }: { stock: Stock; release: boolean }): SQL {
  const taken = sql`select color_id, size, sum(stock_quantity)::int as quantity from lines
            where stock_quantity > 0 and exists (select 1 from placed)
            group by color_id, size`;
  if (!release)
    return stock === 'reserve'
      ? sql`,
    reserved as (
      update product_stock ps set reserved = ps.reserved + held.quantity, updated_at = now()
      from (${taken}) held
      where ps.color_id = held.color_id and ps.size = held.size
    )`
      : sql`,
    sold as (
      update product_stock ps set on_hand = greatest(ps.on_hand - held.quantity, 0), updated_at = now()
      from (${taken}) held
      where ps.color_id = held.color_id and ps.size = held.size
    )`;
  const both = sql`from (${heldSql($.released)}) back full join (${taken}) held on held.color_id = back.color_id and held.size = back.size
      where ps.color_id = coalesce(held.color_id, back.color_id) and ps.size = coalesce(held.size, back.size)`;
  return stock === 'reserve'
    ? sql`,
    reserved as (
      update product_stock ps
      set reserved = greatest(ps.reserved - coalesce(back.quantity, 0), 0) + coalesce(held.quantity, 0), updated_at = now()
      ${both}
    )`
    : sql`,
    sold as (
      update product_stock ps
      set reserved = greatest(ps.reserved - coalesce(back.quantity, 0), 0),
        on_hand = greatest(ps.on_hand - coalesce(held.quantity, 0), 0), updated_at = now()
      ${both}
    )`;
}
