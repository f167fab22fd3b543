import { discountShares, orderTotals, type OrderTotals, type Quote, type QuoteBody } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { onSale, paidPrice, saleNow } from '../../db/fragments.js';
import { queryRows } from '../../db/rows.js';
import { shopVatRate } from '../documents/settings.js';
import { AppError } from '../../lib/errors.js';
import { applicableCode, type ApplicableCode } from '../discounts/apply.js';
import { NOTHING_APPLIED, type Applied } from '../gift-cards/apply.js';
import { lockerCents, type SettingsRow } from '../settings/service.js';

const CartLineSchema = z.object({
  line_id: z.number(),
  unit_price_cents: z.number(),
  quantity: z.number(),
  on_sale: z.boolean(),
});

/** A cart line as the money sees it: what it costs now, and whether it is on sale. */
export interface PricedLine {
  lineId: number;
  unitPriceCents: number;
  quantity: number;
  onSale: boolean;
}

/**
 * The shopper's cart lines of products still for sale, at the prices they pay now. `lock` (the
 * checkout) locks them until the order is written: a second tab cannot change the cart the
 * discount was spread over.
 */
async function cartLines(tx: Db | Tx, userId: number, lock: boolean): Promise<PricedLine[]> {
  const rows = await queryRows(
    tx,
    CartLineSchema,
    sql`select c.id as line_id, ${paidPrice()} as unit_price_cents, c.quantity, ${saleNow()} is not null as on_sale
      from cart_items c join products p on p.id = c.product_id
      where c.user_id = ${userId} and ${onSale()}
      order by c.id ${lock ? sql`for update of c` : sql``}`,
  );
  return rows.map((row) => ({
    lineId: row.line_id,
    unitPriceCents: row.unit_price_cents,
    quantity: row.quantity,
    onSale: row.on_sale,
  }));
}

export interface PricedCart {
  lines: PricedLine[];
  /** Each line's share of the code's discount, in the lines' order. */
  shares: number[];
  code: ApplicableCode | null;
  /** A free-delivery code on a delivery free anyway: quoted as applied, not taken by the order. */
  idleCode: ApplicableCode | null;
  /** The delivery price before the free-delivery threshold: 0 with a free-delivery code. */
  deliveryPriceCents: number;
  totals: OrderTotals;
}

export interface PriceRequest {
  deliveryMethod: QuoteBody['deliveryMethod'];
  /** The delivery's price the courier module reckoned (a locker's, the courier's own); else the settings' for the method. */
  deliveryCents?: number | undefined;
  cod: boolean;
  discountCode?: string | undefined;
  /** The delivery's phone (the checkout): a code's uses per customer count it too. */
  phone?: string | undefined;
  /** The checkout locks the cart's lines and the code's row; the quote reads. */
  lock: boolean;
}

/**
 * What the shopper's cart costs, delivered and paid this way, with a code: the one reckoning the
 * quote answers and the checkout stores and charges (the contract's `orderTotals`). An empty cart
 * is 400 CART_EMPTY; a code the shopper may not use, its refusal (discounts/apply.ts).
 */
export async function priceCart(
  tx: Db | Tx,
  userId: number,
  settings: SettingsRow,
  request: PriceRequest,
): Promise<PricedCart> {
  const lines = await cartLines(tx, userId, request.lock);
  if (lines.length === 0) throw new AppError('CART_EMPTY', 'Your cart is empty!');
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const code = request.discountCode
    ? await applicableCode(tx, request.discountCode, {
        userId,
        subtotalCents,
        lock: request.lock,
        phone: request.phone,
      })
    : null;
  const regularCents =
    request.deliveryCents ??
    (request.deliveryMethod === 'address'
      ? settings.deliveryAddressCents
      : request.deliveryMethod === 'locker'
        ? lockerCents(settings)
        : settings.deliveryOfficeCents);
  // The one VAT source (documents' records settings): 0 for a shop not registered for VAT.
  const vatRatePercent = await shopVatRate(tx);
  const reckon = (sharesOf: number[], deliveryCents: number) =>
    orderTotals({
      lines: lines.map((line, index) => ({ ...line, discountCents: sharesOf[index]! })),
      delivery: { priceCents: deliveryCents, freeFromCents: settings.freeDeliveryFromCents },
      codFeeCents: request.cod ? settings.codFeeCents : 0,
      vatRatePercent,
    });
  const none = lines.map(() => 0);
  // A free-delivery code on a delivery that is free already changes nothing: the quote shows it,
  // but the order does not take it, so the shopper keeps their use for another order (issue 45).
  if (code?.kind === 'free-delivery') {
    const without = reckon(none, regularCents);
    if (without.deliveryCents === 0) {
      return { lines, shares: none, code: null, idleCode: code, deliveryPriceCents: regularCents, totals: without };
    }
  }
  const shares = code ? discountShares(lines, code) : none;
  const deliveryPriceCents = code?.kind === 'free-delivery' ? 0 : regularCents;
  return { lines, shares, code, idleCode: null, deliveryPriceCents, totals: reckon(shares, deliveryPriceCents) };
}

/** The quote's answer: the cart's totals as the checkout will store them, and what gift cards and credit pay of it. */
export function toQuote(priced: PricedCart, applied: Applied = NOTHING_APPLIED): Quote {
  const { totals, code, idleCode } = priced;
  const shown = code ?? idleCode;
  return {
    subtotal: totals.subtotalCents,
    discount: shown ? { code: shown.code, amount: totals.discountCents } : null,
    deliveryCost: totals.deliveryCents,
    codFee: totals.codFeeCents,
    total: totals.totalCents,
    freeDeliveryRemaining: totals.toFreeDeliveryCents,
    giftCards: applied.cards.map((card) => ({ code: card.code, amount: card.cents })),
    storeCredit: applied.storeCreditCents,
    amountDue: totals.totalCents - applied.paidCents,
  };
}
