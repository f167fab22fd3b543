import type { Language } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { CheckoutOrder, HostedSession, PaymentProvider } from '../../platform/payments/index.js';

export interface Shopper {
  id: number;
  email: string;
}

interface PlacedRow {
  id: number;
  created_ms: number;
  total_cents: number;
  /** Only asked for when the provider needs the lines to open its session. */
  items: CheckoutOrder['items'] | null;
  superseded: (string | null)[] | null;
}

/**
 * One statement, so one round trip and no transaction held open: the shopper's cart at today's
 * database prices (lines of products no longer on sale left out, named in `lang`, else English,
 * else any, with the chosen colour's image) becomes a pending order with its lines, and the
 * shopper's earlier pending orders are cancelled. An empty cart inserts and cancels nothing and
 * answers no row.
 */
function placeOrder(
  db: Db,
  shopper: Shopper,
  order: { lang: Language; currency: string; provider: string; sessionId: string | null; withItems: boolean },
) {
  const items = order.withItems
    ? sql`(select json_agg(json_build_object('name', l.name, 'colorName', l.color_name, 'size', l.size,
          'unitPriceCents', l.price_cents, 'quantity', l.quantity, 'imageUrl', l.image_url) order by l.line_id)
        from lines l)`
    : sql`null`;
  return db.execute(sql`
    with lines as (
      select c.id as line_id, c.product_id, c.color_id, c.size, c.quantity, p.price_cents, pc.color_name,
        coalesce(nullif(pc.image_url, ''), p.image_url) as image_url,
        coalesce((select t.name from product_translations t where t.product_id = p.id
                  order by t.language = ${order.lang} desc, t.language = 'en' desc, t.language limit 1), '') as name
      from cart_items c
      join products p on p.id = c.product_id
      join product_colors pc on pc.id = c.color_id
      where c.user_id = ${shopper.id} and p.published_at is not null and p.deleted_at is null
    ),
    superseded as (
      update orders set status = 'cancelled'
      where user_id = ${shopper.id} and status = 'pending' and exists (select 1 from lines)
      returning payment_session_id
    ),
    placed as (
      insert into orders (user_id, status, currency, total_cents, locale, payment_provider, payment_session_id)
      select ${shopper.id}, 'pending', ${order.currency}, sum(price_cents * quantity), ${order.lang},
        ${order.provider}, ${order.sessionId}
      from lines having count(*) > 0
      returning id, created_at, total_cents
    ),
    placed_items as (
      insert into order_items (order_id, product_id, color_id, name, color_name, size, unit_price_cents, quantity,
        image_url)
      select placed.id, l.product_id, l.color_id, l.name, l.color_name, l.size, l.price_cents, l.quantity, l.image_url
      from placed cross join lines l
      order by l.line_id
    )
    select placed.id, floor(extract(epoch from placed.created_at) * 1000)::float8 as created_ms, placed.total_cents,
      ${items} as items,
      (select json_agg(payment_session_id) from superseded) as superseded
    from placed`);
}

/**
 * Builds a pending order from the server-side cart (whatever the client sent) and opens a
 * hosted payment session for it. The cart stays as it is until the payment is confirmed.
 * The shopper's earlier pending orders are cancelled and their sessions closed: a checkout
 * opened in a second tab must not let the same cart be paid twice.
 *
 * The built-in page's session is named before the order exists, so the whole checkout is one
 * statement; Stripe names its own, so its session is asked for once the order is written (and
 * while earlier sessions are being closed), then stored on the order.
 */
export async function createCheckoutSession(
  db: Db,
  provider: PaymentProvider,
  shopper: Shopper,
  options: { lang: Language; currency: string },
): Promise<HostedSession> {
  const reserved = provider.reserveSession?.() ?? null;
  const result = await placeOrder(db, shopper, {
    lang: options.lang,
    currency: options.currency,
    provider: provider.name,
    sessionId: reserved?.sessionId ?? null,
    withItems: !reserved,
  });
  const placed = rowsOf<PlacedRow>(result)[0];
  if (!placed) throw new AppError(400, 'CART_EMPTY', 'Your cart is empty!');
  // Best effort: a session that cannot be closed now still expires on its own.
  const closing = Promise.allSettled(
    (placed.superseded ?? []).flatMap((sessionId) => (sessionId ? [provider.closeSession(sessionId)] : [])),
  );
  if (reserved) {
    await closing;
    return reserved;
  }

  let session: HostedSession;
  try {
    [session] = await Promise.all([
      provider.createSession({
        id: placed.id,
        createdAt: new Date(placed.created_ms),
        currency: options.currency,
        totalCents: placed.total_cents,
        locale: options.lang,
        email: shopper.email,
        items: placed.items ?? [],
      }),
      closing,
    ]);
  } catch (error) {
    // No session, nothing to pay: the order never existed as far as the shopper is concerned.
    await db.delete(orders).where(eq(orders.id, placed.id));
    throw new PaymentProviderError(error);
  }
  await db.update(orders).set({ paymentSessionId: session.sessionId }).where(eq(orders.id, placed.id));
  return session;
}

/** The provider could not open a session; the cause is logged, the shopper gets a plain 502. */
export class PaymentProviderError extends AppError {
  constructor(override readonly cause: unknown) {
    super(502, 'INTERNAL', 'The payment provider is not available right now. Please try again later.');
  }
}
