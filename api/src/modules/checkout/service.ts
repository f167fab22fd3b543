import type { Delivery, InvoiceDetails, Language, PaymentMethod } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockShopper } from '../../db/locks.js';
import { users, type OrderDelivery } from '../../db/schema.js';
import { AppError, DependencyError } from '../../lib/errors.js';
import type { HostedSession, PaymentProvider } from '../../platform/payments/index.js';
import { closePending, dropCheckout, removeBoughtCartLines } from '../orders/lifecycle.js';
import { payNothingDue } from '../orders/nothing-due.js';
import { insertOrder } from '../orders/place.js';
import { recordEvent, setPaymentSession, setPrepaid } from '../orders/store.js';
import { planGiftCards, refuseSpentCards, takePlannedCards, transactionSpendingCards } from '../gift-cards/apply.js';
import { codeHoldUntil } from '../discounts/apply.js';
import { keepInvoiceRequest } from '../documents/invoice.js';
import { saveInvoiceDetails } from '../documents/service.js';
import { settingsRow, type SettingsRow } from '../settings/service.js';
import { priceCart } from './quote.js';
import type { CourierGateway } from '../couriers/gateway.js';
import { officeDelivery } from '../couriers/offices.js';
import { deliveryCharge } from '../couriers/pricing.js';
import { accountStanding, holdUntil } from './limits.js';
import { cartShortfalls, OutOfStockError } from '../stock/service.js';

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
  /** Gift card codes to pay with (after any discount), then the account's store credit (YEAR.md section 3). */
  giftCards?: readonly string[] | undefined;
  useStoreCredit?: boolean | undefined;
  /** The settings row, when the caller has it (the route's cached copy, decision 0099); else read here. */
  settings?: Readonly<SettingsRow> | undefined;
}

const DELIVERY_LINE: Record<Language, string> = { en: 'Delivery', bg: 'Доставка' };

/** The one line a provider charges when gift cards or store credit paid part of the order. */
const dueLine = (lang: Language, cents: number) => ({
  name: lang === 'bg' ? 'Остатък след картите за подарък' : 'The rest after gift cards',
  colorName: '',
  colorNameBg: '',
  size: '',
  unitPriceCents: cents,
  quantity: 1,
  discountCents: 0,
  imageUrl: '',
});

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

const invalid = (field: string, message: string) => new AppError('VALIDATION_ERROR', message, { [field]: message });

/**
 * Where a checkout sends the shopper: the provider's payment page (its session), or the order's
 * confirmation (the route gives its address: `webPaths.orderPlaced`).
 */
export type CheckoutStarted =
  ({ orderId: number; next: 'payment' } & HostedSession) | { orderId: number; next: 'confirmation' };

/**
 * Builds an order from the server-side cart (whatever the client sent), for the delivery and
 * payment method asked (docs/decisions/0022).
 *
 * - **Card:** a pending order whose stock is reserved, and a hosted payment session for its total
 *   (the delivery as a line of its own). The cart stays until the payment is confirmed.
 * - **Cash on delivery:** the order is placed at once: its stock is taken, the bought cart lines
 *   go, and the confirmation mail is the caller's to send.
 * - **Nothing to pay** (a code took goods and delivery, decision 0051): paid at once
 *   (`payNothingDue`), by card or cash on delivery alike (no fee then); no provider page.
 * The answer's `next` says where the shopper goes: the provider's `payment` page or the `confirmation`.
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
): Promise<CheckoutStarted> {
  const cod = request.paymentMethod === 'cod';
  if (!cod && !provider.takesNewPayments)
    throw invalid('paymentMethod', 'Card payments are switched off: choose cash on delivery.');
  const reserved = cod ? null : (provider.reserveSession?.() ?? null);
  const expiresAt = cod ? null : new Date(Date.now() + provider.sessionLifetimeMs);
  // Read once, before the transaction: the delivery's price and the order's charges come from the same row.
  const settings = request.settings ?? (await settingsRow(db));
  // The office or locker chosen (an unknown or closed one: 400 on delivery.officeId) and the
  // delivery's price, the courier's calculation asked before any transaction.
  const charge = await deliveryCharge(
    db,
    request.courier,
    {
      method: request.delivery.method,
      officeId: request.delivery.method === 'office' ? request.delivery.officeId : undefined,
      city: request.delivery.city,
      postcode: request.delivery.postcode,
      currency: request.currency,
    },
    settings,
  );
  const delivery = officeDelivery(snapshot(request.delivery), charge.office, request.lang);
  // The earlier checkout this one replaces is cancelled with it: its session closes after commit (an effect).
  // Run again when another checkout took from a gift card between this one's plan and its end.
  const placed = await transactionSpendingCards(db, async (tx, lockCardsFirst) => {
    if (cod && !settings.codEnabled) throw invalid('paymentMethod', 'Cash on delivery is not available.');
    await lockShopper(tx, shopper.id);
    // Before any stock row is locked: they stay locked for as few round trips as can be.
    if (request.saveDelivery) await tx.update(users).set({ delivery }).where(eq(users.id, shopper.id));
    if (request.invoice && request.saveInvoiceDetails) await saveInvoiceDetails(tx, shopper.id, request.invoice);
    const { earlier, confirmationRequired } = await accountStanding(tx, shopper.id, settings, {
      cod,
      lang: request.lang,
    });
    const replaced = earlier.map((order) => order.id);
    // A card spent while this checkout waited (what the earlier checkout holds of it counted as
    // back): refused before the stock and the card are locked. What each holds is the plan's.
    const cards = request.giftCards?.length ? await refuseSpentCards(tx, request.giftCards, replaced) : [];
    // Locks every stock row this checkout touches, the earlier checkout's and the cart's, at once,
    // in the one fixed order (locking the cart's after releasing could wait in a circle), and
    // reads what is left, counting what the earlier checkout holds as given back.
    const shortfalls = await cartShortfalls(tx, shopper.id, replaced);
    // Nothing is reserved, and the earlier checkout stays as it was (the transaction is undone).
    if (shortfalls.length > 0) throw new OutOfStockError(shortfalls);
    // The earlier checkout is cancelled; its stock goes back in the order's statement (`release`).
    if (replaced.length > 0) await closePending(tx, replaced, 'cancel', {}, { stockBack: true });
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
    // Nothing to pay for the goods and their delivery (a code took it all): no cash on delivery
    // either (no fee, nothing to collect); the order is paid at once below.
    const asCod = cod && !(priced && priced.totals.totalCents - priced.totals.codFeeCents === 0);
    const held = expiresAt && holdUntil(earlier, expiresAt);
    const [row] = await insertOrder(tx, shopper, {
      status: asCod ? 'placed' : 'pending',
      // Nothing due chosen as cash on delivery: not a cash-on-delivery order, paid at once as the table's `pay` allows.
      paymentMethod: cod && !asCod ? 'card' : request.paymentMethod,
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
        codFeeCents: asCod ? settings.codFeeCents : 0,
        discount: priced?.code
          ? {
              codeId: priced.code.id,
              code: priced.code.code,
              shares: priced.lines.map((line, index) => ({ line: line.lineId, cents: priced.shares[index]! })),
            }
          : null,
      },
      withItems: !asCod && !reserved,
      stock: asCod ? 'sell' : 'reserve',
      release: replaced,
    });
    if (!row) throw new AppError('CART_EMPTY', 'Your cart is empty!');
    if (request.invoice) await keepInvoiceRequest(tx, row.id, request.invoice);
    // Gift cards, then store credit, pay what they can of the total: held with the checkout (a
    // closed checkout gives it back); the provider or the courier takes the rest. The cards' part
    // is planned from what they held when read, and taken last (decision 0097).
    const plan = await planGiftCards(tx, row.id, cards, {
      userId: shopper.id,
      dueCents: row.total_cents,
      useStoreCredit: request.useStoreCredit ?? false,
      lockCardsFirst,
    });
    const { applied } = plan;
    if (applied.paidCents > 0) await setPrepaid(tx, row.id, applied.paidCents);
    const dueCents = row.total_cents - applied.paidCents;
    if (asCod) {
      await removeBoughtCartLines(tx, { id: row.id, userId: shopper.id });
      await recordEvent(tx, row.id, 'placed');
    }
    const paidAtOnce = !asCod && dueCents === 0 && (await payNothingDue(tx, row.id));
    // The cards' locks, the last statements before the commit: held for as few round trips as can be.
    await takePlannedCards(tx, row.id, plan);
    return { ...row, paidAtOnce, placedAtOnce: asCod, dueCents, prepaidCents: applied.paidCents };
  });
  // Placed (cash on delivery) or paid (nothing due) at once: straight to the confirmation, no provider page.
  if (placed.placedAtOnce || placed.paidAtOnce) return { orderId: placed.id, next: 'confirmation' };
  if (reserved) return { orderId: placed.id, ...reserved, next: 'payment' };

  let session: HostedSession;
  try {
    let items = placed.items ?? [];
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
    // Gift cards paid part of it: the provider charges the rest, as one line (a provider takes no negative line).
    if (placed.prepaidCents > 0) items = [dueLine(request.lang, placed.dueCents)];
    session = await provider.createSession({
      id: placed.id,
      createdAt: placed.created_at,
      currency: request.currency,
      totalCents: placed.dueCents,
      locale: request.lang,
      email: shopper.email,
      // The session's own lifetime (Stripe's is at least 30 minutes); a checkout that kept an
      // earlier hold lapses sooner, and the minute sweep then closes the session too.
      expiresAt: expiresAt!,
      items,
    });
  } catch (error) {
    // No session, nothing to pay: the order never existed as far as the shopper is concerned.
    await dropCheckout(db, placed.id);
    throw new PaymentProviderError(error);
  }
  await setPaymentSession(db, placed.id, session);
  return { orderId: placed.id, ...session, next: 'payment' };
}

/** The provider could not open a session; the cause is logged, the shopper is told to try again later. */
export class PaymentProviderError extends DependencyError {
  constructor(override readonly cause: unknown) {
    super('payments', 'The payment provider is not available right now. Please try again later.');
  }
}
