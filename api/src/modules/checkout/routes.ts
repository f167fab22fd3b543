import {
  CheckoutBodySchema,
  CheckoutInfoSchema,
  CheckoutSessionSchema,
  LangQuerySchema,
  QuoteBodySchema,
  QuoteSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { currentUser, requireUser } from '../../platform/security/authenticate.js';
import { countedCodeTry } from '../discounts/apply.js';
import { countedCardTry } from '../gift-cards/cards.js';
import type { Limiter } from '../../platform/security/limiter.js';
import { settingsRow } from '../settings/service.js';
import { quoteGiftCards } from '../gift-cards/apply.js';
import { deliveryCharge } from '../couriers/pricing.js';
import { priceCart, toQuote } from './quote.js';
import { createCheckout, PaymentProviderError } from './service.js';
import { webPaths } from '../../lib/links.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

/** Each checkout opens a provider session: a shopper gets a handful a minute, not a flood. */
const CHECKOUTS_PER_MINUTE = 10;

/**
 * Runs a quote or a checkout counting what the shopper typed: a discount code towards their
 * wrong codes, gift cards towards the client's wrong card codes (429 past either).
 */
function countedCodes<T>(
  limiter: Limiter,
  typed: { userId: number; client: string; discountCode?: string | undefined; giftCards: string[] },
  use: () => Promise<T>,
): Promise<T> {
  const withCards = typed.giftCards.length > 0 ? () => countedCardTry(limiter, typed.client, use) : use;
  return typed.discountCode ? countedCodeTry(limiter, typed.userId, withCards) : withCards();
}

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  // The settings row from memory until the change feed says it changed (decision 0099): a signed-in
  // request has waited for the feed's fence, so a change committed before it is heard by then.
  const shopSettings = async () =>
    (await app.caches.settingsRow.get('row', () => settingsRow(app.db).then((row) => Object.freeze(row))))!;

  app.get(
    '/checkout',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Which payment provider the pay button leads to, and the shop currency',
        response: { 200: CheckoutInfoSchema },
      },
    },
    async () => ({
      provider: app.payments.name,
      cardPayments: app.payments.takesNewPayments,
      currency: app.config.currency,
    }),
  );

  app.post(
    '/checkout/quote',
    {
      onRequest: requireUser,
      schema: {
        tags: ['checkout'],
        summary: "What the shopper's cart costs delivered and paid this way, with a discount code",
        description:
          'The totals the checkout will store and charge. A code is refused as the checkout refuses it: 404 ' +
          'CODE_NOT_FOUND, 409 CODE_USED_UP, CODE_MIN_SUBTOTAL (with `remaining`), CODE_ALREADY_USED; more than ' +
          '10 refused codes a minute from one shopper, quote and checkout together: 429. Gift cards (`giftCards`, ' +
          'any case, spaces, hyphens) pay after the discount, then the store credit (`useStoreCredit`): 404 ' +
          'GIFT_CARD_NOT_FOUND, 409 GIFT_CARD_EXPIRED, GIFT_CARD_EMPTY; `amountDue` is what is left to pay.',
        security: BEARER,
        body: QuoteBodySchema,
        response: {
          200: QuoteSchema,
          ...errorAnswers(400, 401, 404, 409, 429),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const {
        deliveryMethod,
        paymentMethod,
        discountCode,
        officeId,
        giftCards = [],
        useStoreCredit = false,
      } = request.body;
      // A locker is priced as one; an unknown office: 400 on delivery.officeId.
      const charge = await deliveryCharge(
        app.db,
        app.couriers.gateway,
        {
          method: deliveryMethod,
          officeId,
          currency: app.config.currency,
        },
        await shopSettings(),
      );
      const quote = async () => {
        const priced = await priceCart(app.db, user.id, await shopSettings(), {
          deliveryMethod,
          deliveryCents: charge.cents,
          cod: paymentMethod === 'cod',
          discountCode,
          lock: false,
        });
        // Gift cards pay after any discount, then the store credit (YEAR.md section 3).
        const applied = await quoteGiftCards(app.db, {
          userId: user.id,
          dueCents: priced.totals.totalCents,
          codes: giftCards,
          useStoreCredit,
        });
        return toQuote(priced, applied);
      };
      return countedCodes(app.limiter, { userId: user.id, client: request.ip, discountCode, giftCards }, quote);
    },
  );

  app.post(
    '/checkout/session',
    {
      onRequest: requireUser,
      schema: {
        tags: ['checkout'],
        summary: 'Order the server-side cart at database prices, to the delivery given, by card or cash on delivery',
        description:
          'userId, items and prices in the body are ignored. Card: a pending order with its stock reserved and a ' +
          'hosted payment session; the cart is emptied once the payment is confirmed. Cash on delivery: the order ' +
          'is placed at once (stock taken, bought lines off the cart, confirmation mailed).',
        security: BEARER,
        querystring: LangQuerySchema,
        body: CheckoutBodySchema,
        response: {
          201: CheckoutSessionSchema,
          ...errorAnswers(400, 401, 404, 409, 429, 502),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const limit = await app.limiter.hit(`checkout:${user.id}`, CHECKOUTS_PER_MINUTE, 60_000);
      if (!limit.allowed) {
        reply.header('retry-after', String(limit.retryAfter));
        throw new AppError('RATE_LIMITED', 'Too many checkout attempts. Please wait a moment and try again.');
      }
      try {
        const {
          delivery,
          paymentMethod,
          saveDelivery = false,
          discountCode,
          invoice,
          saveInvoiceDetails,
          giftCards = [],
          useStoreCredit = false,
        } = request.body;
        const settings = await shopSettings();
        const checkout = () =>
          createCheckout(app.db, app.payments, user, {
            // The page's language when it says so, else the one the account was made in.
            lang: request.query.lang ?? user.locale,
            currency: app.config.currency,
            courier: app.couriers.gateway,
            delivery,
            paymentMethod,
            saveDelivery,
            discountCode,
            invoice,
            saveInvoiceDetails,
            giftCards,
            useStoreCredit,
            settings,
          });
        const started = await countedCodes(
          app.limiter,
          { userId: user.id, client: request.ip, discountCode, giftCards },
          checkout,
        );
        return reply
          .code(201)
          .send(
            started.next === 'payment'
              ? started
              : { ...started, sessionId: null, url: webPaths.orderPlaced(started.orderId) },
          );
      } catch (error) {
        if (error instanceof PaymentProviderError)
          request.log.error({ err: error.cause }, 'payment session could not be opened');
        throw error;
      }
    },
  );
};
