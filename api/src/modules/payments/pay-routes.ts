import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { giftCards, orderItems } from '../../db/schema.js';
import { webPaths } from '../../lib/links.js';
import { requestLanguage } from '../../lib/language.js';
import { checkCard } from '../../platform/payments/cards.js';
import { localEvent, localReturnPath } from '../../platform/payments/local.js';
import { renderClosedPage, renderNotFoundPage, renderPayPage, type PayPageOrder } from './pay-page.js';
import { readCurrent } from '../orders/service.js';
import type { OrderRow } from '../orders/store.js';
import { amountDueCents } from '../orders/store.js';
import { handlePaymentEvent } from './service.js';

const ParamsSchema = z.object({ sessionId: z.string().max(200) });
const FormSchema = z.object({
  cardNumber: z.string().max(40).catch(''),
  expiry: z.string().max(20).catch(''),
  cvc: z.string().max(10).catch(''),
  name: z.string().max(200).catch(''),
});
/** Card guesses per session: enough for typos, too few to probe numbers. */
const ATTEMPTS_PER_SESSION = 20;
const ATTEMPT_WINDOW_MS = 10 * 60_000;

const SESSION_ID = /^cs_local_[A-Za-z0-9_-]{20,64}$/;

type LoadedOrder = PayPageOrder & {
  status: OrderRow['status'];
  /** Where the shopper goes once it is paid, or cancelled. */
  paidPath: string;
  cancelledPath: string;
};

/** The order behind a built-in session, expired first if its time ran out; or the gift card it buys. */
async function loadOrder(db: Db, sessionId: string): Promise<LoadedOrder | null> {
  if (!SESSION_ID.test(sessionId)) return null;
  const order = await readCurrent(db, { provider: 'local', sessionId });
  if (!order) return giftCardPurchase(db, sessionId);
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id);
  return {
    id: order.id,
    reference: order.reference,
    sessionId,
    status: order.status,
    // What the page charges: the total less what gift cards and store credit paid.
    totalCents: amountDueCents(order),
    discountCents: order.discountCents,
    discountCode: order.discountCode,
    currency: order.currency,
    locale: order.locale,
    items,
    paidPath: localReturnPath('success', sessionId),
    cancelledPath: localReturnPath('cancelled', sessionId),
  };
}

const CARD_STATUS = { pending: 'pending', active: 'paid', voided: 'cancelled' } as const;

/** A gift card's purchase on the built-in page: one line of its amount, back to the Gift cards page after. */
async function giftCardPurchase(db: Db, sessionId: string): Promise<LoadedOrder | null> {
  const [card] = await db.select().from(giftCards).where(eq(giftCards.paymentSessionId, sessionId));
  if (!card || card.paymentProvider !== 'local') return null;
  const locale = card.lang === 'bg' ? 'bg' : 'en';
  return {
    id: card.id,
    // The card's number, never its code.
    reference: `GC-${String(card.id).padStart(6, '0')}`,
    sessionId,
    status: CARD_STATUS[card.status],
    totalCents: card.amountCents,
    discountCents: 0,
    discountCode: null,
    currency: card.currency,
    locale,
    items: [
      {
        name: 'Gift card',
        nameBg: 'Подаръчна карта',
        colorName: '',
        colorNameBg: '',
        size: '',
        unitPriceCents: card.amountCents,
        quantity: 1,
        discountCents: 0,
      },
    ],
    paidPath: webPaths.giftCards('paid'),
    cancelledPath: webPaths.giftCards('cancelled'),
  };
}

const html = (reply: FastifyReply, status: number, page: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    // A payment page is never cached: its state changes with every submission.
    .header('cache-control', 'no-store')
    .send(page);

/**
 * The built-in test payment page (the default without Stripe keys): GET shows it, POST pays, POST …/cancel cancels.
 * Successful payments raise the same internal event a Stripe webhook does.
 */
export const payPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  /** Unknown session: 404. Paid, cancelled or expired: 409 with the way back that fits. */
  function refuse(request: FastifyRequest, reply: FastifyReply, order: LoadedOrder | null) {
    if (!order) return html(reply, 404, renderNotFoundPage(requestLanguage(request)));
    const status = order.status === 'pending' ? 'failed' : order.status;
    return html(reply, 409, renderClosedPage(order, status, order.paidPath));
  }

  /** The order of the session when it can still be paid; otherwise the refusal is sent and null returned. */
  async function openOrder(sessionId: string, request: FastifyRequest, reply: FastifyReply) {
    // A shop that takes no test payments now (PAYMENTS=stripe or off) takes none on a session opened before either.
    const testPayments = app.payments.name === 'local' && app.payments.takesNewPayments;
    const order = testPayments ? await loadOrder(app.db, sessionId) : null;
    if (order?.status === 'pending') return order;
    await refuse(request, reply, order);
    return null;
  }

  app.get('/pay/:sessionId', { schema: { params: ParamsSchema, hide: true } }, async (request, reply) => {
    const order = await openOrder(request.params.sessionId, request, reply);
    return order ? html(reply, 200, renderPayPage(order)) : reply;
  });

  app.post('/pay/:sessionId', { schema: { params: ParamsSchema, hide: true } }, async (request, reply) => {
    const order = await openOrder(request.params.sessionId, request, reply);
    if (!order) return reply;

    const form = FormSchema.parse(request.body ?? {});
    const values = { name: form.name, expiry: form.expiry };
    const attempts = await app.limiter.hit(`pay:${order.sessionId}`, ATTEMPTS_PER_SESSION, ATTEMPT_WINDOW_MS);
    if (!attempts.allowed) {
      reply.header('retry-after', String(attempts.retryAfter));
      return html(reply, 429, renderPayPage(order, { problem: 'tooManyAttempts', values }));
    }
    const card = checkCard(form);
    if (!card.ok) {
      request.log.info({ orderId: order.id, problem: card.problem }, 'test payment refused');
      return html(reply, card.status, renderPayPage(order, { problem: card.problem, values }));
    }
    const result = await handlePaymentEvent(app.db, localEvent(order, 'paid'), { log: request.log });
    // A double submit finds the order already paid: the shopper still lands on the success page.
    const paid =
      result.result === 'applied' ||
      (result.result === 'unchanged' && result.order.status === 'paid') ||
      (result.result === 'gift-card' && result.card.result !== 'mismatch');
    if (!paid) return refuse(request, reply, await loadOrder(app.db, order.sessionId));
    return reply.redirect(order.paidPath, 303);
  });

  app.post('/pay/:sessionId/cancel', { schema: { params: ParamsSchema, hide: true } }, async (request, reply) => {
    const order = await openOrder(request.params.sessionId, request, reply);
    if (!order) return reply;
    const result = await handlePaymentEvent(app.db, localEvent(order, 'cancelled'), { log: request.log });
    // A gift card's purchase cancelled stays unpaid (unknown to every look-up): back to the Gift cards page.
    if (result.result !== 'applied' && result.result !== 'gift-card') {
      return refuse(request, reply, await loadOrder(app.db, order.sessionId));
    }
    return reply.redirect(order.cancelledPath, 303);
  });
};
