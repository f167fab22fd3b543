import type { Language } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { HostedSession, PaymentProvider } from '../../platform/payments/index.js';

interface CartLineRow {
  product_id: number;
  color_id: number;
  size: string;
  quantity: number;
  price_cents: number;
  name: string;
  color_name: string;
  image_url: string;
}

/**
 * The shopper's cart at today's database prices, named in `lang` (else English, else any),
 * with the chosen colour's image. Lines of products no longer on sale are left out.
 */
async function pricedCart(db: Db, userId: number, lang: Language): Promise<CartLineRow[]> {
  const result = await db.execute(sql`
    select c.product_id, c.color_id, c.size, c.quantity, p.price_cents, pc.color_name,
      coalesce(nullif(pc.image_url, ''), p.image_url) as image_url,
      coalesce((select t.name from product_translations t where t.product_id = p.id
                order by t.language = ${lang} desc, t.language = 'en' desc, t.language limit 1), '') as name
    from cart_items c
    join products p on p.id = c.product_id
    join product_colors pc on pc.id = c.color_id
    where c.user_id = ${userId} and p.published_at is not null and p.deleted_at is null
    order by c.id`);
  return rowsOf<CartLineRow>(result);
}

export interface Shopper {
  id: number;
  email: string;
}

/**
 * Builds a pending order from the server-side cart (whatever the client sent) and opens a
 * hosted payment session for it. The cart stays as it is until the payment is confirmed.
 * The shopper's earlier pending orders are cancelled and their sessions closed: a checkout
 * opened in a second tab must not let the same cart be paid twice.
 */
export async function createCheckoutSession(
  db: Db,
  provider: PaymentProvider,
  shopper: Shopper,
  options: { lang: Language; currency: string },
): Promise<HostedSession> {
  const lines = await pricedCart(db, shopper.id, options.lang);
  if (lines.length === 0) throw new AppError(400, 'CART_EMPTY', 'Your cart is empty!');
  const totalCents = lines.reduce((sum, line) => sum + line.price_cents * line.quantity, 0);

  const { order, superseded } = await db.transaction(async (tx) => {
    const superseded = await tx
      .update(orders)
      .set({ status: 'cancelled' })
      .where(and(eq(orders.userId, shopper.id), eq(orders.status, 'pending')))
      .returning({ sessionId: orders.paymentSessionId });
    const [created] = await tx
      .insert(orders)
      .values({
        userId: shopper.id,
        status: 'pending',
        currency: options.currency,
        totalCents,
        locale: options.lang,
        paymentProvider: provider.name,
      })
      .returning({ id: orders.id, createdAt: orders.createdAt });
    if (!created) throw new Error('order insert returned nothing');
    await tx.insert(orderItems).values(
      lines.map((line) => ({
        orderId: created.id,
        productId: line.product_id,
        colorId: line.color_id,
        name: line.name,
        colorName: line.color_name,
        size: line.size,
        unitPriceCents: line.price_cents,
        quantity: line.quantity,
        imageUrl: line.image_url,
      })),
    );
    return { order: created, superseded };
  });
  // Best effort: a session that cannot be closed now still expires on its own.
  await Promise.allSettled(
    superseded.flatMap(({ sessionId }) => (sessionId ? [provider.closeSession(sessionId)] : [])),
  );

  let session: HostedSession;
  try {
    session = await provider.createSession({
      id: order.id,
      createdAt: order.createdAt,
      currency: options.currency,
      totalCents,
      locale: options.lang,
      email: shopper.email,
      items: lines.map((line) => ({
        name: line.name,
        colorName: line.color_name,
        size: line.size,
        unitPriceCents: line.price_cents,
        quantity: line.quantity,
        imageUrl: line.image_url,
      })),
    });
  } catch (error) {
    // No session, nothing to pay: the order never existed as far as the shopper is concerned.
    await db.delete(orders).where(eq(orders.id, order.id));
    throw new PaymentProviderError(error);
  }
  await db.update(orders).set({ paymentSessionId: session.sessionId }).where(eq(orders.id, order.id));
  return session;
}

/** The provider could not open a session; the cause is logged, the shopper gets a plain 502. */
export class PaymentProviderError extends AppError {
  constructor(override readonly cause: unknown) {
    super(502, 'INTERNAL', 'The payment provider is not available right now. Please try again later.');
  }
}
